#!/usr/bin/env python3
"""Writes N one-page invoices (3 to 8 line items each) as JSON for Examples/Documents/invoice.md.
   usage: make-invoices.py N > invoices.json"""
import json, random, sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
rng = random.Random(42)
products = [("Recycled copier paper, A4, 80 g/m², box of 5 reams", 24.90), ("Toner cartridge, black, high yield", 89.00),
            ("Lever arch files, pack of 10", 18.40), ("Whiteboard markers, assorted colours, pack of 12", 9.75),
            ("Desk organiser, bamboo", 22.00), ("Shipping and handling", 7.50), ("USB-C docking station, dual display", 129.00),
            ("Staples 26/6, box of 5000", 3.20), ("Label printer tape, 12 mm, black on white", 14.60)]
streets = ["Harbour Street", "Park Row", "Mill Lane", "High Street", "Station Road", "Church Walk"]
towns = ["Hull HU1 2AB", "Leeds LS1 5HD", "York YO1 7HH", "Hebden Bridge HX7 8AD", "Bradford BD1 1HY"]
records = []
for i in range(n):
    items = []
    for k in range(rng.randint(3, 8)):
        d, p = rng.choice(products)
        q = rng.randint(1, 12)
        items.append({"n": k + 1, "description": d, "qty": q, "price": p, "amount": round(q * p, 2)})
    net = round(sum(x["amount"] for x in items), 2)
    vat = round(net * 0.2, 2)
    name = f"Customer {i + 1:05d} Ltd"
    address = [f"{rng.randint(1, 200)} {rng.choice(streets)}", rng.choice(towns), "United Kingdom"]
    records.append({"number": f"INV-2026-{i + 1:05d}", "issued": "2026-11-23", "due": "2026-12-23", "order": f"PO-{1000 + i}",
                    "customer": {"id": f"C-{i + 1:05d}", "name": name, "address": address},
                    "ship": {"name": name, "address": address},
                    "items": items, "net": net, "vat_rate": 0.2, "vat": vat, "total": round(net + vat, 2),
                    "bank": {"account": "12345678", "sort": "40-11-62"},
                    "terms": "Payment within 30 days of the invoice date."})
json.dump(records, sys.stdout, ensure_ascii=False)
