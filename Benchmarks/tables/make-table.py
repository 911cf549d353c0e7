#!/usr/bin/env python3
"""Writes a Markdown document holding one table of N rows and 6 columns (a numbered ledger:
   date, customer, product, quantity, amount), the amounts in a decimal column.
   usage: make-table.py N > table.md"""
import random, sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
rng = random.Random(1)
rows = ["---", f"title: {n} rows", "---", "", "{decimal=6}", "| # | Date | Customer | Product | Qty | Amount |", "|--:|---|---|---|--:|--:|"]
for i in range(1, n + 1):
    rows.append(f"| {i} | 2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d} | Customer {rng.randint(1, 999)} "
                f"| Widget {rng.choice('ABCDEFG')}-{rng.randint(10, 99)} | {rng.randint(1, 50)} | {rng.randint(1, 99999) / 100:.2f} |")
print("\n".join(rows))
