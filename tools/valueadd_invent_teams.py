"""The invented NCAA Division I stat lines of the four fictional Value Add Basketball teams.

Each player's line is written per TEAM game (minutes, FGM, FGA, 3PM, 3PA, FTM, FTA, OREB, DREB, AST,
STL, BLK, TOV, PF), scaled per team (``scale``, ``factor``) to the team's pace and style, and turned
into season totals (minutes normalised to 200 a game). ``--write`` builds the team files through
coachgym.rules.valueadd.builder.build_team; without it the script prints each team's per-game totals.
The team files keep the resulting stat lines and are the source of truth: rebuild them with
``python -m coachgym.rules.valueadd.builder``.

    python tools/valueadd_invent_teams.py [--write]
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from coachgym.rules.valueadd import builder

COLS = "min fgm fga fg3m fg3a ftm fta oreb dreb ast stl blk tov pf".split()
SOURCE = ("Fictional team: invented NCAA Division I season statistics (no real players); "
          "cards built by coachgym.rules.valueadd.builder from the 'stats' kept with each player.")
TEAMS = {
 "harbor-city": dict(name="Harbor City Gulls", short="HCG", season="fictional 3-point-shooting mid-major, 32 games",
   dunk="51-53", adj=1, G=32, pace=71.5, scale=0.927, factor={"fg3m": 0.95, "tov": 1.18},
   players=[
   # name, num, g, [min fgm fga 3pm 3pa ftm fta orb drb ast stl blk tov pf] per TEAM game
   ("Dante Okafor", "3", 32,  [34, 5.0, 11.8, 2.4, 6.4, 3.3, 4.1, 0.5, 2.6, 5.7, 1.4, 0.1, 2.6, 2.0]),
   ("Miles Brandt", "11", 32, [33, 5.7, 13.4, 3.4, 8.6, 2.4, 2.8, 0.4, 2.9, 2.1, 1.0, 0.2, 1.5, 1.9]),
   ("Jalen Whitcomb", "24", 31,[30, 4.3, 10.0, 2.3, 6.0, 1.8, 2.4, 1.0, 4.0, 1.8, 0.9, 0.4, 1.3, 2.3]),
   ("Luka Ferreira", "32", 32, [28, 4.0, 8.8, 1.5, 4.0, 1.8, 2.6, 1.5, 4.5, 1.3, 0.6, 0.6, 1.2, 2.6]),
   ("Owen Castellano", "50", 30,[24, 3.6, 6.6, 0.2, 0.7, 1.9, 3.0, 2.1, 4.2, 0.8, 0.5, 1.2, 1.3, 2.9]),
   ("Reggie Tamura", "1", 32, [15, 1.7, 4.2, 1.0, 2.7, 0.7, 0.9, 0.2, 1.1, 2.0, 0.6, 0.0, 1.0, 1.2]),
   ("Cole Ashby", "5", 30,    [12, 1.3, 3.4, 0.9, 2.5, 0.4, 0.6, 0.2, 1.0, 0.6, 0.4, 0.1, 0.5, 1.0]),
   ("Tariq Bellamy", "21", 31,[10, 1.1, 2.6, 0.5, 1.4, 0.5, 0.7, 0.5, 1.3, 0.4, 0.3, 0.1, 0.4, 1.2]),
   ("Nils Haugen", "33", 29, [7, 0.8, 1.8, 0.3, 0.9, 0.3, 0.5, 0.5, 1.0, 0.2, 0.2, 0.2, 0.3, 1.1]),
   ("Amadou Sy", "44", 28,   [5, 0.6, 1.1, 0.0, 0.0, 0.3, 0.5, 0.5, 0.9, 0.1, 0.1, 0.3, 0.3, 0.9]),
   ("Evan Pruitt", "2", 20,  [1.5, 0.15, 0.45, 0.1, 0.3, 0.05, 0.1, 0.0, 0.15, 0.1, 0.05, 0.0, 0.1, 0.15]),
   ("Brody Kessler", "15", 18,[0.5, 0.05, 0.15, 0.03, 0.1, 0.03, 0.05, 0.03, 0.08, 0.02, 0.0, 0.0, 0.03, 0.06]),
   ], lineup=["Dante Okafor","Miles Brandt","Jalen Whitcomb","Luka Ferreira","Owen Castellano"],
   reserves=["Reggie Tamura","Cole Ashby","Tariq Bellamy","Nils Haugen","Amadou Sy"]),
 "cedar-valley": dict(name="Cedar Valley Lumberjacks", short="CVL", season="fictional big inside team from a power conference, 33 games",
   dunk="51-54", adj=-1, G=33, pace=66.0, scale=0.90, factor={"blk": 0.85, "ftm": 1.03, "tov": 1.06, "fgm": 0.965, "fg3m": 0.96},
   players=[
   ("Marcus Delacroix", "4", 33, [32, 4.2, 9.6, 1.2, 3.3, 3.0, 4.0, 0.6, 3.0, 5.2, 1.1, 0.2, 2.4, 2.1]),
   ("Tyrese Holloway", "10", 33,[30, 4.6, 10.2, 1.5, 4.1, 2.6, 3.5, 0.8, 3.2, 2.0, 1.0, 0.3, 1.6, 2.0]),
   ("Grant Oyelaran", "23", 33, [29, 4.8, 9.6, 0.8, 2.3, 2.9, 4.1, 1.9, 4.7, 1.6, 0.8, 0.7, 1.5, 2.5]),
   ("Bastian Kroll", "34", 32,  [28, 5.4, 9.9, 0.2, 0.7, 3.2, 4.8, 2.8, 5.6, 1.2, 0.6, 1.4, 1.8, 2.9]),
   ("Ike Nwachukwu", "55", 33,  [27, 5.6, 9.4, 0.0, 0.0, 3.0, 5.2, 3.4, 6.2, 1.0, 0.5, 2.6, 1.9, 3.1]),
   ("Quinn Barlow", "2", 31,    [14, 1.3, 3.3, 0.5, 1.4, 0.8, 1.1, 0.2, 1.0, 1.8, 0.5, 0.0, 0.9, 1.1]),
   ("Rashad Pemberton", "12", 32,[12, 1.3, 3.1, 0.6, 1.6, 0.6, 0.8, 0.3, 1.1, 0.6, 0.4, 0.1, 0.5, 1.0]),
   ("Henrik Solberg", "31", 33, [11, 1.4, 2.8, 0.2, 0.6, 0.7, 1.1, 1.0, 1.8, 0.4, 0.3, 0.4, 0.5, 1.5]),
   ("Dwayne Fairchild", "42", 30,[10, 1.3, 2.4, 0.0, 0.0, 0.7, 1.3, 1.2, 1.9, 0.3, 0.2, 0.7, 0.5, 1.7]),
   ("Sam Ostrowski", "20", 28,  [5, 0.5, 1.3, 0.2, 0.6, 0.2, 0.3, 0.2, 0.5, 0.3, 0.1, 0.1, 0.3, 0.5]),
   ("Leo Marchetti", "14", 19,  [1.5, 0.15, 0.4, 0.05, 0.15, 0.05, 0.1, 0.05, 0.15, 0.05, 0.03, 0.0, 0.08, 0.15]),
   ("Felix Adeyemi", "40", 16,  [0.5, 0.06, 0.12, 0.0, 0.0, 0.03, 0.06, 0.05, 0.08, 0.0, 0.0, 0.03, 0.03, 0.08]),
   ], lineup=["Marcus Delacroix","Tyrese Holloway","Grant Oyelaran","Bastian Kroll","Ike Nwachukwu"],
   reserves=["Quinn Barlow","Rashad Pemberton","Henrik Solberg","Dwayne Fairchild","Sam Ostrowski"]),
 "ironwood-state": dict(name="Ironwood State Hornets", short="ISH", season="fictional full-court pressing team, 31 games",
   dunk="51-53", adj=-1, G=31, pace=73.0, scale=0.97, factor={"stl": 0.85, "pf": 0.92, "ftm": 1.03, "tov": 1.04, "fg3m": 0.98},
   players=[
   ("Kobe Vantreese", "0", 31,  [31, 4.6, 11.0, 1.5, 4.3, 2.9, 4.0, 0.6, 2.4, 4.9, 2.3, 0.2, 2.8, 2.6]),
   ("Andre Whitfield", "5", 31, [29, 4.5, 10.6, 1.9, 5.4, 2.0, 2.7, 0.7, 2.5, 2.2, 1.9, 0.2, 1.8, 2.5]),
   ("Terrell Gaines", "15", 30, [27, 4.2, 9.4, 1.2, 3.5, 2.0, 3.0, 1.3, 3.4, 1.6, 1.6, 0.5, 1.6, 2.8]),
   ("Jerome Lusk", "22", 31,    [26, 4.0, 8.6, 0.6, 1.8, 2.0, 3.1, 2.1, 4.3, 1.1, 1.1, 0.8, 1.5, 3.1]),
   ("Corey Mbeki", "52", 31,    [23, 3.6, 6.8, 0.0, 0.1, 1.7, 3.0, 2.4, 4.2, 0.8, 0.8, 1.3, 1.4, 3.3]),
   ("Isaiah Crump", "3", 31,    [18, 2.0, 5.0, 0.8, 2.3, 1.0, 1.4, 0.3, 1.3, 2.1, 1.2, 0.1, 1.2, 2.0]),
   ("DeShawn Pratt", "11", 30,  [16, 1.8, 4.4, 0.8, 2.3, 0.8, 1.1, 0.4, 1.4, 0.9, 1.0, 0.1, 0.8, 1.9]),
   ("Malik Ostrander", "25", 31,[14, 1.5, 3.4, 0.3, 0.9, 0.8, 1.3, 0.9, 1.7, 0.5, 0.8, 0.3, 0.7, 2.2]),
   ("Patrick Nyambura", "33", 29,[9, 1.0, 2.0, 0.0, 0.1, 0.5, 0.9, 0.8, 1.3, 0.3, 0.4, 0.5, 0.5, 1.7]),
   ("Travis Oakes", "13", 27,   [5, 0.4, 1.2, 0.2, 0.6, 0.2, 0.3, 0.1, 0.4, 0.3, 0.3, 0.0, 0.3, 0.6]),
   ("Jamal Rucker", "21", 22,   [1.5, 0.15, 0.4, 0.05, 0.15, 0.05, 0.1, 0.05, 0.1, 0.05, 0.08, 0.0, 0.1, 0.2]),
   ("Victor Hale", "41", 15,    [0.5, 0.05, 0.1, 0.0, 0.0, 0.03, 0.05, 0.05, 0.08, 0.0, 0.02, 0.02, 0.03, 0.08]),
   ], lineup=["Kobe Vantreese","Andre Whitfield","Terrell Gaines","Jerome Lusk","Corey Mbeki"],
   reserves=["Isaiah Crump","DeShawn Pratt","Malik Ostrander","Patrick Nyambura","Travis Oakes"]),
 "lakeshore": dict(name="Lakeshore College Pilots", short="LCP", season="fictional balanced team, 32 games",
   dunk="51-52", adj=0, G=32, pace=68.0, scale=0.935, factor={"fg3m": 0.96, "tov": 1.1, "stl": 1.1},
   players=[
   ("Nate Fairbanks", "1", 32,  [33, 4.4, 10.2, 1.7, 4.7, 2.9, 3.7, 0.5, 2.7, 5.0, 1.2, 0.1, 2.3, 1.9]),
   ("Elijah Strand", "13", 32,  [31, 5.0, 11.4, 2.1, 5.8, 2.7, 3.3, 0.6, 2.9, 2.0, 1.1, 0.2, 1.6, 2.0]),
   ("Caleb Moreau", "20", 32,   [30, 4.6, 10.0, 1.3, 3.7, 2.3, 3.2, 1.2, 4.0, 1.9, 0.9, 0.4, 1.5, 2.3]),
   ("Ryan Kettering", "35", 31, [28, 4.3, 8.8, 0.6, 1.8, 2.3, 3.4, 2.1, 4.9, 1.3, 0.6, 0.7, 1.4, 2.7]),
   ("Mateo Villanueva", "45", 32,[25, 4.2, 7.8, 0.1, 0.3, 2.2, 3.6, 2.5, 5.0, 0.9, 0.5, 1.4, 1.5, 3.0]),
   ("Jordan Pike", "4", 32,     [16, 1.6, 4.0, 0.7, 2.0, 0.8, 1.1, 0.2, 1.2, 1.9, 0.6, 0.0, 1.0, 1.3]),
   ("Aaron Whitlock", "10", 31, [13, 1.4, 3.3, 0.6, 1.7, 0.6, 0.8, 0.3, 1.1, 0.6, 0.4, 0.1, 0.5, 1.1]),
   ("Simon Achterberg", "24", 32,[11, 1.2, 2.7, 0.3, 0.9, 0.6, 0.9, 0.6, 1.4, 0.4, 0.3, 0.2, 0.5, 1.4]),
   ("Derek Yamamoto", "32", 30, [7, 0.8, 1.7, 0.1, 0.3, 0.4, 0.6, 0.6, 1.0, 0.2, 0.1, 0.3, 0.3, 1.1]),
   ("Omar Lindqvist", "50", 27, [5, 0.5, 1.0, 0.0, 0.0, 0.3, 0.5, 0.5, 0.8, 0.1, 0.1, 0.3, 0.3, 0.9]),
   ("Chris Banfield", "11", 21, [1.5, 0.15, 0.4, 0.05, 0.15, 0.05, 0.1, 0.05, 0.15, 0.1, 0.03, 0.0, 0.1, 0.15]),
   ("Wes Thornbury", "40", 16, [0.5, 0.05, 0.12, 0.0, 0.0, 0.03, 0.05, 0.04, 0.08, 0.0, 0.0, 0.02, 0.03, 0.06]),
   ], lineup=["Nate Fairbanks","Elijah Strand","Caleb Moreau","Ryan Kettering","Mateo Villanueva"],
   reserves=["Jordan Pike","Aaron Whitlock","Simon Achterberg","Derek Yamamoto","Omar Lindqvist"]),
}

def make(slug, t):
    G = t["G"]
    msum = sum(p[3][0] for p in t["players"])
    players = []
    for name, num, g, v in t["players"]:
        d = dict(zip(COLS, v))
        d["min"] = d["min"] * 200 / msum
        tot = {"g": g}
        for k in COLS:
            f = 1.0 if k == "min" else t.get("scale", 1.0) * t.get("factor", {}).get(k, 1.0)
            tot[k] = int(round(d[k] * G * f))
        tot["fg3a"] = max(tot["fg3a"], tot["fg3m"])
        tot["fga"] = max(tot["fga"], tot["fgm"], tot["fg3a"])
        tot["fta"] = max(tot["fta"], tot["ftm"])
        players.append({"name": name, "number": num, "stats": {k: tot[k] for k in ["g"] + COLS}})
    # minutes must add to exactly 200 x G
    diff = 200 * G - sum(p["stats"]["min"] for p in players)
    players[0]["stats"]["min"] += diff
    return {"schema": "coachgym.valueadd.team/1", "name": t["name"], "short": t["short"], "season": t["season"],
            "fictional": True, "source": SOURCE, "dunk": t["dunk"], "defense_adjust": t["adj"],
            "build": {"games": G, "pace": t["pace"], "team_minutes": 200.0},
            "lineup": t["lineup"], "reserves": t["reserves"], "players": players}

def summary(spec):
    G = spec["build"]["games"]
    tot = {k: sum(p["stats"][k] for p in spec["players"]) for k in ["min"] + COLS[1:]}
    pg = {k: tot[k] / G for k in tot}
    pts = 2 * pg["fgm"] + pg["fg3m"] + pg["ftm"]
    poss = pg["fga"] - pg["oreb"] + pg["tov"] + 0.44 * pg["fta"]
    print(f"{spec['name']:<26} pts {pts:5.1f} poss {poss:5.1f} (pace {spec['build']['pace']}) FG {pg['fgm']:.1f}/{pg['fga']:.1f} {pg['fgm']/pg['fga']:.3f} "
          f"3P {pg['fg3m']:.1f}/{pg['fg3a']:.1f} {pg['fg3m']/pg['fg3a']:.3f} FT {pg['ftm']:.1f}/{pg['fta']:.1f} {pg['ftm']/pg['fta']:.3f} "
          f"OR {pg['oreb']:.1f} DR {pg['dreb']:.1f} AST {pg['ast']:.1f} STL {pg['stl']:.1f} BLK {pg['blk']:.1f} TO {pg['tov']:.1f} PF {pg['pf']:.1f} min {pg['min']:.0f}")

out = Path(__file__).resolve().parent.parent / "coachgym" / "rules" / "valueadd" / "data" / "teams"
for slug, t in TEAMS.items():
    spec = make(slug, t)
    summary(spec)
    if "--write" in sys.argv:
        built = builder.build_team(spec, path=slug)
        (out / f"{slug}.json").write_text(builder.format_team_file(built))
