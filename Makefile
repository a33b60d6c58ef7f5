# rvfw: make [BOARD=...] [MODEL=... | APP=manifest.yaml] [OPTIMIZE=size] [build|run|check|size|plan|admit|test|bench|lint|clean]
# BOARD: default spike-rv64gcv; with APP, the manifest's board unless BOARD is given.
BOARD ?=
MODEL ?= examples/tiny_kws.tflite
RVFW := .venv/bin/rvfw
PYTHON := .venv/bin/python
# APP: several models in one image (apps/*.yaml); else the one MODEL.
ARGS := $(if $(BOARD),--board $(BOARD),$(if $(APP),,--board spike-rv64gcv)) $(if $(APP),--app $(APP),--model $(MODEL))
# OPTIMIZE=size: every source -Os (smaller, slower kernels); default speed.
BUILD_ARGS := $(ARGS) $(if $(OPTIMIZE),--optimize $(OPTIMIZE))

.PHONY: all setup kernels build run check size plan admit fuzz fuzz-graphs fuzz-litert tflm-pairs bench-tt bench-c906 bench-sim bench-ops bench-public bench-plan bench-corpus bench-dtypes bench-cycles bench-writes bench-audio flash check-board export test bench lint format example example-audio-kws clean

all: build

setup:
	@scripts/setup.sh

build: setup
	@$(RVFW) build $(BUILD_ARGS)

run: setup
	@$(RVFW) run $(BUILD_ARGS)

check: setup
	@$(RVFW) check $(BUILD_ARGS)

size: setup
	@$(RVFW) size $(BUILD_ARGS)

plan: setup
	@$(RVFW) plan $(ARGS)

# Admission only: the memory table per region and the degrade ladder, e.g. APP=apps/seed004.yaml.
admit: setup
	@$(RVFW) admit $(ARGS)

# The model as sources for your own firmware: make export [FORMAT=sources|cmake|lib|zephyr|espidf] [OUT=dir]
export: setup
	@$(RVFW) export $(BUILD_ARGS) $(if $(FORMAT),--format $(FORMAT)) $(if $(OUT),--out $(OUT))

# Write the image to a real board: make flash BOARD=hifive1-revb [PORT=/dev/ttyUSB0] [DRY_RUN=1]
flash: setup
	@$(RVFW) flash $(BUILD_ARGS) $(if $(PORT),--port $(PORT)) $(if $(DRY_RUN),--dry-run)

# Flash, reset and compare the board's serial output with TFLite Micro: make check-board BOARD=... PORT=...
# or through a debug probe's GDB server (OpenOCD): make check-board BOARD=... GDB=localhost:3333
check-board: setup
	@$(RVFW) check-board $(BUILD_ARGS) $(if $(PORT),--port $(PORT)) $(if $(GDB),--gdb $(GDB))

# Raw 16 kHz audio to keyword in one image: TFLite Micro's micro_speech front end (Signal library
# ops) and keyword model, exported together into examples/audio_kws/main.c, run on Spike and
# compared with TFLite Micro score by score: make example-audio-kws [BOARD=spike-rv32imc]
example-audio-kws: setup
	@$(PYTHON) examples/audio_kws/run.py --board $(or $(BOARD),spike-rv64gcv)

# A longer fuzz campaign with a fresh seed: make fuzz N=5000
N ?= 5000
fuzz: setup
	@$(PYTHON) -m tests.fuzz.campaign --count $(N)

# Random architectures against TFLite Micro (issue 50): make fuzz-graphs N=1000 [SEED=...]. The
# models come from the real converter in a venv of its own (.venv-gen, TensorFlow: made once);
# every model rvfw accepts must be bit-exact under every memory option on the vector and the
# scalar board; a failure is shrunk into tests/data/graphs/regress_<seed> to be committed.
SEED ?= $(shell date +%s)
GEN := .venv-gen/bin/python
fuzz-graphs: setup
	@test -x $(GEN) || { python3 -m venv .venv-gen && $(GEN) -m pip install -q -r tests/data/converters/requirements.txt; }
	@$(GEN) -m tests.fuzz.graphgen $(SEED) $(or $(N),1000) build/fuzz-graphs/$(SEED) | grep -v " made$$" || true
	@$(PYTHON) -m tests.fuzz.graphcheck build/fuzz-graphs/$(SEED) --jobs 2 || { \
		for name in $$(cat build/fuzz-graphs/$(SEED)/failures.txt); do \
			$(GEN) -m tests.fuzz.graphgen shrink build/fuzz-graphs/$(SEED)/$$name.json tests/data/graphs \
				regress_$${name#graph_}; done; exit 1; }

# Random architectures TFLite Micro refuses, as users make them (issue 56): make fuzz-litert N=200
# [SEED=...]: the dynamic-range and float16 flows and GELU (graphgen --litert), each against
# LiteRT's reference kernels under every memory option on the vector and the scalar board.
fuzz-litert: setup
	@test -x $(GEN) || { python3 -m venv .venv-gen && $(GEN) -m pip install -q -r tests/data/converters/requirements.txt; }
	@$(GEN) -m tests.fuzz.graphgen $(SEED) $(or $(N),200) build/fuzz-litert/$(SEED) --litert | grep -v " made$$" || true
	@$(PYTHON) -m tests.fuzz.graphcheck build/fuzz-litert/$(SEED) --jobs 2

# One converter-made model per (op, dtype) TFLite Micro runs (issue 46), each against TFLite Micro
# on the vector and the scalar board: make tflm-pairs. The models come from .venv-gen like fuzz-graphs'.
tflm-pairs: setup
	@test -x $(GEN) || { python3 -m venv .venv-gen && $(GEN) -m pip install -q -r tests/data/converters/requirements.txt; }
	@$(GEN) -m tests.fuzz.pairgen build/tflm-pairs 2>&1 | grep -E "skipped|models in" || true
	@$(PYTHON) -m tests.fuzz.graphcheck build/tflm-pairs --configs spike-rv64gcv:fast,spike-rv32imc:fast --jobs 2

# The whole suite: lint, unit tests, kernel and end-to-end tests on the simulator.
test: setup lint
	@$(PYTHON) -m pytest -q -n 2

lint: setup
	@.venv/bin/ruff check codegen tests bench
	@.venv/bin/ruff format --check codegen tests bench

format: setup
	@.venv/bin/ruff format codegen tests bench
	@.venv/bin/ruff check --fix codegen tests bench

# Regenerate the bundled example model (deterministic: the bytes must not change).
example: setup
	@$(PYTHON) -m codegen.example_model examples/tiny_kws.tflite

clean:
	rm -rf build .pytest_cache

# MLPerf Tiny table: arena, flash, RAM and instructions beside TFLite Micro.
bench: setup
	@$(PYTHON) bench/mlperf_tiny.py

# Tensor-Train compression of AD: flash, MACs, instructions per layer and the accuracy cost.
bench-tt: setup
	@$(PYTHON) bench/tt_ad.py

# Spike against QEMU: instructions (must agree) and wall time per model and board.
bench-sim: setup
	@$(PYTHON) bench/simulators.py

# XuanTie C906: scalar against XTheadVector kernels, instructions per layer under xuantie-qemu.
bench-c906: setup
	@$(PYTHON) bench/c906.py

bench-ops: setup
	@$(PYTHON) bench/ops.py

# TFLite Micro's audio front end per step: rvfw's kernels against the reference ones, arena, state
bench-audio: setup
	@$(PYTHON) bench/audio_front_end.py

# The public models: arenas of every memory option (--io int8 where they have float I/O) against
# issue 31's targets, tiled against fast instructions, and the share in reference kernels.
bench-public: setup
	@$(PYTHON) bench/public_models.py

# The converter corpus (tests/data/converters): the share in reference kernels on every Spike board.
bench-plan: setup
	@$(PYTHON) bench/plan_time.py

bench-corpus: setup
	@$(PYTHON) bench/converter_corpus.py

# int8, 16x8 and float32 twins of one network: instructions per MAC and arenas against int8's.
bench-dtypes: setup
	@$(PYTHON) bench/dtypes.py

# Issue 60: the MLPerf models on the RTL of Ibex (small, maxperf) and CV32E40P: cycles per inference,
# per MAC and per layer, against the issue's targets; the cycle estimate's error against the RTL.
# Kernel variants generated from templates/kernels/ (codegen.emit.kernelgen; a unit test checks them).
kernels: setup
	@$(PYTHON) -m codegen.emit.kernelgen

bench-cycles: setup
	@$(PYTHON) bench/cycles.py

# Issue 55: the write checker (every store of every kernel call inside its layer's buffers) over
# the converter corpus, seanet, the random graphs, the small public models and MLPerf.
bench-writes: setup
	@$(PYTHON) bench/writes.py
