"""Helpers of bench/load.py (issue 21): the server's settings override, the overlay's documents, the load generator.

A package under bench/, not a bench/*.py script, so that `make bench` does not run these files on their own.
"""
