"""Fetch a forecast; when the network is not there, use the bundled sample (as offline skills do)."""
import json
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path

SERVICE = "https://api.weather.skillbox-test.invalid/v1/current?city={}"


def live(city):
    with urllib.request.urlopen(SERVICE.format(city), timeout=5) as response:
        return json.load(response)


def main():
    if len(sys.argv) != 2:
        print("usage: brief.py CITY", file=sys.stderr)
        sys.exit(2)
    city = sys.argv[1].lower()
    try:
        data = live(city)
        source = "live"
    except urllib.error.URLError as error:
        reason = error.reason
        kind = "name resolution" if isinstance(reason, socket.gaierror) else type(reason).__name__
        print(f"offline ({kind}); using bundled sample", file=sys.stderr)
        sample = json.loads((Path(__file__).parent.parent / "data" / "sample.json").read_text())
        if city not in sample:
            print(f"no sample for {city!r}; known: {', '.join(sorted(sample))}", file=sys.stderr)
            sys.exit(3)
        data = sample[city]
        source = "sample"
    print(f"{city.title()}: {data['temp_c']:.1f} °C, {data['humidity']}% humidity, {data['summary']} [{source}]")


main()
