import json


def test_worked_night_totals(four):
    assert four("win", "Ruth", "25", "--thrown-by", "Linda").exit_code == 0
    assert four("win", "Kathy", "30", "--self-pick").exit_code == 0
    assert four("win", "Pat", "25", "--thrown-by", "Ruth", "--jokerless").exit_code == 0
    assert four("wall").exit_code == 0
    out = json.loads(four("total", "--json").stdout)
    assert out == {
        "games": 4, "totals": {"Ruth": -60, "Linda": -160, "Kathy": 105, "Pat": 115}, "sum": 0,
        "settle": [{"from": "Linda", "to": "Pat", "amount": 115},
                   {"from": "Ruth", "to": "Kathy", "amount": 60},
                   {"from": "Linda", "to": "Kathy", "amount": 45}],
        "settle_fewest": True, "settled": [],
    }  # fmt: skip
