"""Tests of mahjcli.core."""
