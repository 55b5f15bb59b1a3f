"""Offline indexing: load -> chunk -> extract -> resolve -> embed -> dense / lexical indexes."""
