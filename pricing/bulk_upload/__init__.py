"""Bulk CSV upload and the quick order pad's SKU lookup (issue 19; ARCHITECTURE §3: "bulk CSV upload parsing and
validation" is the catalog's).

The model (`pricing.models.BulkUpload`), its admin and its Celery tasks (`pricing.tasks`) stand where Django and Celery
find them; the rest of the feature is here: the files and their rules (files, validation), what a typed SKU names
(skus), the writes (services) and reads (selectors), who may upload which way and use quick order (permissions), the
error codes (errors), the result files' links (downloads), the REST edges (views, routed in pricing/urls.py) and the
GraphQL operations productUpload, productAnonUpload and skuLookup (graphql/). Purchased products (buy again) read
orders, so they are the orders app's (orders/purchased.py).
"""
