"""The REST edges of shell §7 on Django REST framework (ARCHITECTURE §5, issue 23): what every edge shares.

- `authentication`: the B2B bearer token (a token that is sent and not valid is 40101, never a guest), and the
  storefront's session with CSRF on every unsafe request, for the edges that serve the shop;
- `permissions`: the GraphQL layer's predicates (`requires(code, level)`, …) on REST edges;
- `throttles`: portal.ratelimit's fixed windows behind DRF's throttle interface;
- `parsers`: multipart with business §5 / §9's limits, checked before a file is read;
- `errors`: the one exception handler: every refusal in the JSON shape and with the codes of the GraphQL contract;
- `negotiation`: JSON answers, whatever the client's Accept header says.

The edges themselves stay in their apps' `views.py`, thin: parse, call a service or selector, answer.
"""
