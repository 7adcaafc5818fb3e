"""The tests' factories, one module per app (accounts, pricing, orders, invoices, shoppinglists): every test builds
its data from here."""
