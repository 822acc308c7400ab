"""Tests of mahjcli.system."""
