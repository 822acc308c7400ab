"""Tests of mahjcli.ui."""
