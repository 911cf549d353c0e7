#!/usr/bin/env python3
"""Writes the JSON body of a `POST /render` for the built-in invoice (the example document
   and its data, Examples/Documents/invoice.*), or with `report N` a report of N pages.
   usage: make-request.py invoice|report [N] > body.json"""
import json, pathlib, sys

root = pathlib.Path(__file__).resolve().parents[2]
kind = sys.argv[1] if len(sys.argv) > 1 else "invoice"
if kind == "invoice":
    import yaml  # PyYAML: Debian's python3-yaml
    doc = (root / "Examples/Documents/invoice.md").read_text()
    data = yaml.safe_load((root / "Examples/Documents/invoice.yaml").read_text())[0]  # its first, one-page invoice
    body = {"document": doc, "template": "invoice", "data": data}
else:
    pages = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    para = ("Quarterly figures are set here as running text, the kind of prose a report carries "
            "between its tables: what changed, why it changed and what comes next. ") * 3
    sections = []
    for i in range(1, pages + 1):
        sections.append(f"## Section {i}\n\n" + "\n\n".join([para] * 5))
    body = {"document": "---\ntitle: Long report\n---\n\n" + "\n\n".join(sections), "template": "report"}
json.dump(body, sys.stdout, default=str)
