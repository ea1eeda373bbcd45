"""What the tests stand on: real servers they start (PostgreSQL, Redis, Caddy, Pocha itself), games stored
straight in a database, and readers of pages, QR codes and game files."""
