"""`python -m mahjcli` runs the `mahj` command line."""

from mahjcli.cli import main

main()
