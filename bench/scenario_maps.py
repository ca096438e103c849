"""The scenario maps (issue 17, RULES.md Part S): Corsica, New York, New York with the Erie Canal.

A design check of each map board (rules/README.md "A map board"). Figures first:

- per resource: its hexes, their numbers and total pips (a number's pips are its ways to roll it: 2 and 12
  have 1, 6 and 8 have 5), and the pips times the location spaces that produce from each hex; 6s and 8s side
  by side;
- the locations: the named ones are the location spaces (S-3.1, as the ``scenario`` module reads the map),
  the unnamed ones the plain corners the roads pass; paths (and how many leave the hex sides), paths joining
  two location spaces directly, the roads out of each location space;
- the Catan chip spots (S-2.2) with their pips, the canal locations and canal pairs (two canal locations
  joined by a route that passes no other location space, S-5.2, with the roads it takes), the harbours (red
  paths, S-3.3) and the robber's hex;
- the best 12 founding spots, chosen one by one by pips under the distance rule, with their resource mix:
  for 3-4 players without the chip spots (never built on, Q-49), for 5-6 players with them.

Then N computer-only games per player count (every seat the same computer level; game i uses seed
``--seed + i``): the share of wins by turn-order position (0 = the start player; a printed map gives every
game the same board, so a position's openings repeat) and by seat, with 95 % Wilson intervals, the mean game
length in turns and rounds, the winner's points by source, the scenario events per game (chips taken,
canal tokens earned, played and traded) and any game stopped by an error or the turn cap. Prints figures;
asserts nothing.

When a map's modules (``scenario``, ``erie_canal``) are not installed, the map is checked and played from a
scratch copy without its ``modules:`` and ``module_settings:`` (the base rules on the map, its own
``victory_points.target`` at every player count), and the output says so.

    python bench/scenario_maps.py                         # the three maps, 20 games per player count
    python bench/scenario_maps.py --games 100 --players 3,4 --jobs 2
    python bench/scenario_maps.py --map rules/corsica.yaml --games 0    # the map figures only
    python bench/scenario_maps.py --map rules/base.yaml --players 4      # a rows board, as a baseline
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _stats import wilson  # noqa: E402  (bench/ is on sys.path when run as a script)

from catan_desktop.ai import create_bot  # noqa: E402
from catan_desktop.engine import Game, RulesetError, load_rules  # noqa: E402
from catan_desktop.engine.topology import Topology  # noqa: E402

MAPS = ("corsica", "new-york", "new-york-erie-canal")
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
MAX_TURNS = 600
# the scenario modules' events counted per game: chips taken (S-3.5), canal tokens earned (or short), played
# and traded (S-5)
EVENTS = ("catan_chip", "canal_token", "canal_short", "canal_played", "canal_trade")


# ------------------------------------------------------------------------------------------------ loading


def _strip_modules(text: str) -> str:
    """The rule file without its top-level ``modules:`` line and ``module_settings:`` block."""
    out: list[str] = []
    skipping = False
    for line in text.splitlines():
        if line and not line[0].isspace() and not line.startswith("#"):
            skipping = bool(re.match(r"(modules|module_settings)\s*:", line))
        if not skipping:
            out.append(line)
    return "\n".join(out) + "\n"


def _declared_modules(path: Path) -> list[str]:
    match = re.search(r"^modules:\s*\[([^\]]*)\]", path.read_text(encoding="utf-8"), re.M)
    return [m.strip() for m in match.group(1).split(",")] if match else []


def resolve(path: Path, scratch: Path) -> tuple[str, bool]:
    """Return (the rule file to play, whether its modules are on): the file itself, or a scratch copy without
    modules when they are not installed (the file is refused for an unknown module)."""
    try:
        load_rules(str(path))
        return str(path), True
    except RulesetError as err:
        if "module" not in str(err):
            raise
    copy = scratch / path.name  # the same file name: a rule file's name must equal it
    copy.write_text(_strip_modules(path.read_text(encoding="utf-8")), encoding="utf-8")
    load_rules(str(copy))
    return str(copy), False


# ------------------------------------------------------------------------------------------------ the map


def spaces(topo: Topology, large: bool) -> set[int]:
    """The location spaces as the scenario module reads a map: the named and the canal locations, the chip
    spots only with 5-6 players (``large``, Q-49). On a rows board: every intersection."""
    if not topo.is_map:
        return set(range(topo.num_nodes))
    named = {n for n in range(topo.num_nodes) if topo.node_names[n]} | set(topo.marked("canal"))
    return named | set(topo.marked("chips")) if large else named - set(topo.marked("chips"))


def canal_pairs(topo: Topology) -> list[tuple[int, int, int]]:
    """(a, b, roads): two canal locations joined by a route that passes no other location space (S-5.2),
    with the fewest paths such a route takes."""
    towns = spaces(topo, large=True)
    out = []
    for a in sorted(topo.marked("canal")):
        dist = {a: 0}
        frontier = [a]
        while frontier:
            nxt = []
            for n in frontier:
                if n != a and n in towns:
                    continue  # a route ends at a location space
                for m in topo.node_neighbours[n]:
                    if m not in dist:
                        dist[m] = dist[n] + 1
                        nxt.append(m)
            frontier = nxt
        out += [(a, b, dist[b]) for b in sorted(topo.marked("canal")) if b > a and b in dist]
    return out


def label(topo: Topology, n: int) -> str:
    if not topo.is_map:
        return f"intersection {n}"
    return topo.node_names[n] or topo.node_keys[n]


def _greedy_spots(
    topo: Topology, pips: list[int], mix: list[Counter[str]], allowed: set[int], count: int
) -> list[int]:
    """``count`` spots picked one by one, the richest free one each time (pips, then the number of
    resources), each blocking its neighbours (the distance rule on the board's graph)."""
    free = set(allowed)
    chosen: list[int] = []
    while free and len(chosen) < count:
        best = max(free, key=lambda n: (pips[n], len(mix[n]), -n))
        chosen.append(best)
        free.discard(best)
        free.difference_update(topo.node_neighbours[best])
    return chosen


def map_figures(path: str) -> list[str]:
    """Lines describing the board of the rule file at ``path``."""
    game = Game.new(path, players=load_rules(path).players_min, seed=0)
    topo, s, rules = game.topo, game.s, game.rules
    towns, small = spaces(topo, large=True), spaces(topo, large=False)
    index = [rules.terrain_resource.get(t) for t in s.terrain]  # resource index, or None
    res_of = [rules.resources[i] if i is not None else None for i in index]
    hex_pips = [PIPS.get(num, 0) if res_of[h] else 0 for h, num in enumerate(s.number)]
    total = sum(hex_pips)
    lines = [f"  hexes {topo.num_hexes} ({sum(1 for r in res_of if r)} producing), total pips {total}"]
    for r in rules.resources:
        hs = [h for h in range(topo.num_hexes) if res_of[h] == r]
        pips = sum(hex_pips[h] for h in hs)
        reach = sum(hex_pips[h] * sum(1 for n in topo.hex_nodes[h] if n in towns) for h in hs)
        lines.append(
            f"    {r:9s} hexes {len(hs):2d}  pips {pips:3d} ({pips / max(1, total):4.0%})  numbers "
            f"{sorted(s.number[h] for h in hs)}  pips x location spaces {reach}"
        )
    idle = [
        topo.hex_ids[h]
        for h in range(topo.num_hexes)
        if res_of[h] and not any(n in towns for n in topo.hex_nodes[h])
    ]
    if idle:
        lines.append(f"    producing hexes no location space produces from: {', '.join(idle)}")
    red = {h for h in range(topo.num_hexes) if res_of[h] and s.number[h] in (6, 8)}
    hot = [
        f"{topo.hex_ids[h]}-{topo.hex_ids[o]}"
        for h in sorted(red)
        for o in topo.hex_neighbours[h]
        if o > h and o in red
    ]
    lines.append(f"    6/8 side by side: {', '.join(hot) if hot else 'none'}")

    spot_pips = [sum(hex_pips[h] for h in topo.node_hexes[n]) for n in range(topo.num_nodes)]
    mix: list[Counter[str]] = []
    for n in range(topo.num_nodes):
        c: Counter[str] = Counter()
        for h in topo.node_hexes[n]:
            if res_of[h]:
                c[res_of[h]] += hex_pips[h]
        mix.append(c)
    on_sides = {e for sides in topo.hex_edges for e in sides}
    lines.append(
        f"  locations {topo.num_nodes}: {len(towns)} location spaces (named; {len(small)} without "
        f"the chip spots) and {topo.num_nodes - len(towns)} plain corners; paths {topo.num_edges} "
        f"({topo.num_edges - len(on_sides)} off the hex sides)"
    )
    touching = [f"{label(topo, a)}-{label(topo, b)}" for a, b in topo.edge_nodes if a in towns and b in towns]
    lines.append(
        f"  location spaces: mean pips {sum(spot_pips[n] for n in towns) / max(1, len(towns)):.1f}, "
        f"producing nothing {sum(1 for n in towns if spot_pips[n] == 0)}, paths joining two of them "
        f"directly {len(touching)}{': ' if touching else ''}{', '.join(touching[:10])}"
    )
    degrees = Counter(len(topo.node_neighbours[n]) for n in towns)
    lines.append(
        "  roads out of each location space: "
        + ", ".join(f"{d}: {degrees[d]} spaces" for d in sorted(degrees))
    )
    chips = sorted(topo.marked("chips"))
    lines.append(
        f"  chip spots {len(chips)} (pips): " + ", ".join(f"{label(topo, n)} ({spot_pips[n]})" for n in chips)
    )
    if topo.marked("canal"):
        pairs = canal_pairs(topo)
        lines.append(
            f"  canal locations {len(topo.marked('canal'))}: "
            + ", ".join(label(topo, n) for n in sorted(topo.marked("canal")))
        )
        lines.append(
            f"  canal pairs {len(pairs)} (roads needed): "
            + ", ".join(f"{label(topo, a)}-{label(topo, b)} ({d})" for a, b, d in pairs)
        )
    kinds = Counter(kind for _e, kind in s.harbours)
    lines.append(
        f"  harbours {len(s.harbours)} ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}): "
        + ", ".join(
            f"{'-'.join(label(topo, n) for n in topo.edge_nodes[e])} {kind}" for e, kind in s.harbours
        )
    )
    robber = s.robber
    lines.append(f"  robber starts on {topo.hex_ids[robber]} ({s.terrain[robber]} {s.number[robber] or ''})")
    for title, allowed in (
        ("3-4 players, chip spots excluded", small),
        ("5-6 players, chip spots included", towns),
    ):
        best = _greedy_spots(topo, spot_pips, mix, allowed, 12)
        if not best:
            continue
        lines.append(
            f"  best 12 founding spots ({title}): pips {sum(spot_pips[n] for n in best)}, from "
            f"{spot_pips[best[0]]} down to {spot_pips[best[-1]]}"
        )
        total_mix: Counter[str] = Counter()
        for n in best:
            total_mix.update(mix[n])
            parts = " + ".join(f"{r} {p}" for r, p in mix[n].most_common())
            lines.append(f"    {label(topo, n):22s} {spot_pips[n]:2d}  {parts}")
        lines.append(
            "    their pips by resource: " + ", ".join(f"{r} {total_mix[r]}" for r in rules.resources)
        )
    return lines


# ------------------------------------------------------------------------------------------------ games


def _play(task: tuple[str, int, str, int]) -> dict[str, Any]:
    path, players, bot, seed = task
    game = Game.new(path, players=players, seed=seed)
    bots = [create_bot(bot, seed=seed * 101 + k) for k in range(players)]
    try:
        while not game.is_over and game.turn < MAX_TURNS:
            seat = game.current_player
            game.apply(bots[seat].choose(game, seat))
    except Exception as err:  # noqa: BLE001  (a bench: count the failure and play on)
        return {
            "winner": None,
            "position": None,
            "turns": game.turn,
            "sources": {},
            "events": {},
            "error": f"{type(err).__name__}: {err} (turn {game.turn}, phase {game.phase})",
        }
    winner = game.winners[0] if game.is_over and game.winners else None
    return {
        "winner": winner,
        "position": None if winner is None else (winner - game.s.start_player) % players,
        "turns": game.turn,
        "sources": dict(game.vp_breakdown(winner)) if winner is not None else {},
        "events": dict(Counter(ev.get("t") for ev in game.log if ev.get("t") in EVENTS)),
        "error": None,
    }


def play(path: str, players: int, games: int, bot: str, seed: int, jobs: int) -> dict[str, Any]:
    tasks = [(path, players, bot, seed + i) for i in range(games)]
    start = time.perf_counter()
    if jobs > 1 and games > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_play, tasks, chunksize=1))
    else:
        results = [_play(t) for t in tasks]
    done = [r for r in results if r["winner"] is not None]
    sources: Counter[str] = Counter()
    events: Counter[str] = Counter()
    for r in results:
        sources.update(r["sources"])
        events.update(r["events"])
    turns = [r["turns"] for r in done]
    return {
        "finished": len(done),
        "errors": dict(Counter(r["error"] for r in results if r["error"])),
        "by_position": [sum(1 for r in done if r["position"] == p) for p in range(players)],
        "by_seat": [sum(1 for r in done if r["winner"] == p) for p in range(players)],
        "mean_turns": sum(turns) / len(turns) if turns else 0.0,
        "min_turns": min(turns, default=0),
        "max_turns": max(turns, default=0),
        "winner_vp": {k: v / max(1, len(done)) for k, v in sorted(sources.items()) if v},
        "events": {k: events[k] / games for k in EVENTS if events[k]},
        "seconds": time.perf_counter() - start,
    }


def _shares(counts: list[int], n: int) -> str:
    parts = []
    for k, c in enumerate(counts):
        lo, hi = wilson(c, n)
        parts.append(f"{k}: {c / max(1, n):4.0%} [{lo:.0%}-{hi:.0%}]")
    return "  ".join(parts)


def report_games(players: int, games: int, bot: str, res: dict[str, Any]) -> list[str]:
    n = res["finished"]
    failed = sum(res["errors"].values())
    turns = res["mean_turns"]
    lines = [
        f"  {players} players, {games} games ({bot}): {n} finished, {failed} stopped by an error, "
        f"{games - n - failed} at the {MAX_TURNS}-turn cap; {res['seconds']:.0f} s",
        f"    mean length {turns:.1f} turns = {turns / players:.1f} rounds "
        f"(min {res['min_turns']}, max {res['max_turns']})",
        f"    wins by turn-order position: {_shares(res['by_position'], n)}",
        f"    wins by seat:                {_shares(res['by_seat'], n)}",
        "    the winner's points on average: "
        + ", ".join(f"{k} {v:.1f}" for k, v in res["winner_vp"].items()),
    ]
    if res["events"]:
        lines.append("    per game: " + ", ".join(f"{k} {v:.1f}" for k, v in res["events"].items()))
    lines += [f"    error in {count} game(s): {text}" for text, count in res["errors"].items()]
    return lines


# ------------------------------------------------------------------------------------------------ main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--map", action="append", help="a rule file (default: the three scenario maps)")
    parser.add_argument("--games", type=int, default=20, help="games per map and player count (0: none)")
    parser.add_argument("--players", default="3,4,5,6", help="player counts, e.g. 3,4")
    parser.add_argument("--bot", default="normal", help="the computer level of every seat")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args(argv)
    paths = [Path(p) for p in args.map] if args.map else [ROOT / "rules" / f"{m}.yaml" for m in MAPS]
    counts = [int(x) for x in args.players.split(",") if x.strip()]
    scratch = Path(tempfile.mkdtemp(prefix="scenario-maps-"))
    for path in paths:
        played, modules_on = resolve(path, scratch)
        rules = load_rules(played)
        print(f"== {path.name}: {rules.title}", flush=True)
        if modules_on:
            print(f"  modules: {', '.join(rules.modules) or 'none'}")
        else:
            declared = ", ".join(_declared_modules(path))
            print(
                f"  (the modules {declared} are not installed: checked and played from a copy without "
                f"them, base rules on this map, {rules.vp_target} points to win)"
            )
        for line in map_figures(played):
            print(line, flush=True)
        for players in counts if args.games > 0 else ():
            if rules.players_min <= players <= rules.players_max:
                res = play(played, players, args.games, args.bot, args.seed, args.jobs)
                for line in report_games(players, args.games, args.bot, res):
                    print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
