"""Evaluation on BEIR-layout multi-hop benchmarks."""
