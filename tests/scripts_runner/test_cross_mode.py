#!/usr/bin/env python3
"""run_scripts.py --compare must fail on any difference between modes (Note
[Identical across modes]) and pass when only torch.compile's warnings differ.
Usage: test_cross_mode.py RUN_SCRIPTS.PY"""
import json, pathlib, subprocess, sys, tempfile

RUNNER = sys.argv[1]
OK = [0, "3\n", ""]
CASES = {
    "same": ({"eager": OK, "compiled": OK}, 0),
    "stdout differs": ({"eager": OK, "compiled": [0, "4\n", ""]}, 1),
    "status differs": ({"eager": [1, "", "e"], "compiled": [0, "", "e"]}, 1),
    "error location differs": ({"eager": [1, "", "a.td:3:5: error: x\n"], "compiled": [1, "", "a.td:3:9: error: x\n"]}, 1),
    "only a compile warning differs": ({"eager": OK, "compiled": [0, "3\n", "torch.compile: f hit the recompile limit (8)\n"]}, 0),
    "a skipped mode is not compared": ({"eager": OK, "compiled": {}}, 0),
}

failures = 0
with tempfile.TemporaryDirectory() as tmp:
    for name, (per_mode, want) in CASES.items():
        files = []
        for mode, result in per_mode.items():
            f = pathlib.Path(tmp) / f"{mode}.json"
            f.write_text(json.dumps({"mode": mode, "results": {"c.td": result} if result != {} else {}}))
            files.append(str(f))
        if name == "a skipped mode is not compared":  # another case keeps the run non-empty
            for f in files:
                saved = json.loads(pathlib.Path(f).read_text())
                saved["results"]["d.td"] = OK
                pathlib.Path(f).write_text(json.dumps(saved))
        r = subprocess.run([sys.executable, RUNNER, "--compare", *files], capture_output=True, text=True)
        if r.returncode != want:
            failures += 1
            print(f"FAIL {name}: status {r.returncode}, want {want}\n{r.stdout}")
print(f"{len(CASES) - failures} passed, {failures} failed")
sys.exit(1 if failures else 0)
