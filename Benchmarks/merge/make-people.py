#!/usr/bin/env python3
"""Writes people.csv: 500 (or argv[1]) letter records, the same every time."""
import csv, random, sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
out = sys.argv[2] if len(sys.argv) > 2 else "people.csv"
rng = random.Random(10)
firsts = ["Ada", "Ben", "Clara", "Dmitri", "Elena", "Farid", "Grace", "Hugo", "Ines", "Jonas", "Kiri", "Liam",
          "Maya", "Noor", "Oskar", "Priya", "Quinn", "Rosa", "Sami", "Tess", "Umar", "Vera", "Wen", "Yusuf", "Zoe"]
lasts = ["Abbott", "Brennan", "Castillo", "Dubois", "Eriksen", "Fischer", "Gallagher", "Haddad", "Iwasaki",
         "Jovanovic", "Kowalski", "Lindqvist", "Moreau", "Nakamura", "Okafor", "Petrov", "Quintero", "Rasmussen",
         "Schneider", "Takahashi", "Underwood", "Vasquez", "Whitfield", "Yilmaz", "Zimmermann"]
streets = ["Maple Avenue", "Harbour Road", "Station Street", "Mill Lane", "Kingsway", "Elm Grove", "Church Road",
           "Orchard Close", "Victoria Terrace", "Beacon Hill"]
cities = [("Springfield", "IL 62704"), ("Portland", "OR 97205"), ("Madison", "WI 53703"), ("Boulder", "CO 80302"),
          ("Burlington", "VT 05401"), ("Savannah", "GA 31401"), ("Ithaca", "NY 14850"), ("Eugene", "OR 97401")]
months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
with open(out, "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["id", "honorific", "first", "last", "street", "city", "postcode", "amount", "due", "date"])
    for i in range(count):
        city, code = rng.choice(cities)
        w.writerow([f"C{10000 + i}", rng.choice(["Ms", "Mr", "Dr", "Mx"]), rng.choice(firsts), rng.choice(lasts),
                    f"{rng.randint(1, 250)} {rng.choice(streets)}", city, code,
                    f"{rng.randint(100, 2_000_000) / 100:.2f}", f"{rng.randint(1, 28)} {rng.choice(months)} 2026",
                    f"{rng.randint(1, 28)} {rng.choice(months)} 2025"])
