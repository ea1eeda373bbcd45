"""Games as stored: the tables, the database connection, a game found from its address and read as engine values,
this phone's list of games and the players' names."""
