"""The Python that runs the PyTorch / NumPy reference side of the benchmarks.

An explicit path wins; otherwise bench/.venv, created on first use with
`python3 -m venv` and `pip install torch numpy` from PyPI (a few GB, once).
Nothing at build or test time uses it."""
import pathlib, subprocess, sys

VENV = pathlib.Path(__file__).resolve().parent / ".venv"


def has_torch(python):
    return subprocess.run([str(python), "-c", "import torch, numpy"], capture_output=True).returncode == 0


def torch_python(explicit=None):
    if explicit:
        if not has_torch(explicit):
            raise SystemExit(f"{explicit} cannot import torch and numpy")
        return str(explicit)
    py = VENV / "bin" / "python"
    if not py.exists() or not has_torch(py):
        print(f"creating {VENV} with PyTorch and NumPy from PyPI (once)", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", "torch", "numpy"], check=True)
    return str(py)


def versions(python):
    out = subprocess.run([python, "-c", "import torch, numpy; print(torch.__version__, numpy.__version__)"],
                         capture_output=True, text=True, check=True).stdout.split()
    return f"PyTorch {out[0]}, NumPy {out[1]}"
