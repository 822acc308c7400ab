"""Tests of mahjcli.cli."""
