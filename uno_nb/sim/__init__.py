"""Playing many games: the people at the table, bots, seeded simulations, exact
odds and estimates."""
