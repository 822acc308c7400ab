"""Pure views of the standings: words, JSON-ready dicts, the score card, the season, the
payment chart, exports and the data behind pictures. Strings and dicts only: the terminal
is `mahjcli.ui`'s."""
