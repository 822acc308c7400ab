"""Tests of mahjcli.files."""
