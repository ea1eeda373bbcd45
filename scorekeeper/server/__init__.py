"""Starting a server: one table's (``python -m scorekeeper.server.local``, ``make run``) and a club's
(``pocha-server``), opening their port first."""
