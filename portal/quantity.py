"""business §5 / §9: the quantity of one product in a line is a whole number from QUANTITY_MIN to QUANTITY_MAX.

The one definition of the rule: the models' validators, the services, the storefront's pages and the GraphQL API
read it from here, and the overlay receives it at start-up (`storeBasicInfo.quantityLimit`). No imports, so that
models can use it."""

QUANTITY_MIN = 1
QUANTITY_MAX = 1_000_000
