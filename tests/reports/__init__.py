"""Tests of mahjcli.reports."""
