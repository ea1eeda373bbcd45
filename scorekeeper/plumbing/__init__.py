"""The web's plumbing: security headers, HTTPS behind proxies, escaping, compression, hashed static files, rate
limits, safe addresses, languages, numbers as phones send them and this computer's network addresses."""
