#!/usr/bin/env bash
# Get a working Pulumi CLI (any supported one on PATH, else v3.248.0 built
# here) plus a Node.js language host, without GitHub/get.pulumi.com access:
# the CLI is built from the Go module proxy.
#
# Usage:
#   PULUMI_BIN=$(bash scripts/get-pulumi.sh | tail -1)
#   export PATH="$PULUMI_BIN:$PATH"
#
# The LAST line of stdout is the bin dir holding `pulumi`,
# `pulumi-language-nodejs` and `pulumi-resource-pulumi-nodejs`. Everything
# else goes to stderr.
#
# Steps:
#   1. If `pulumi` on PATH reports a version in the supported range (v3.216.0
#      or a newer v3, the range of the package's @pulumi/pulumi peer dependency)
#      and `pulumi-language-nodejs` sits in the same directory, print that bin
#      dir and stop. Any other `pulumi` on PATH is ignored, with a note why.
#   2. Otherwise reuse ${PULUMI_IDGOV_CACHE:-$HOME/.cache/pulumi-idgov}/pulumi-v3.248.0/bin
#      if it holds a CLI reporting v3.248.0.
#   3. Otherwise build into a staging dir next to the cache and rename it into
#      place, so an interrupted build never leaves a half-filled cache.
#      Go's module and build caches stay where they are (~/go/pkg/mod,
#      ~/.cache/go-build), so a rebuild is fast.
#
# Language host: the official one is its own Go module
# (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3, no tags,
# so only pseudo-versions). If the proxy serves $PULUMI_LANGUAGE_NODEJS_VERSION
# it is built. If not (the proxy mirror we use answers 403 for every version),
# a minimal stand-in host is built from the source below. It starts the
# program exactly as the official host does: `node @pulumi/pulumi/cmd/run`
# with the same flags and environment.
#   PULUMI_IDGOV_LANGHOST=auto      (default) official if available, else stand-in
#   PULUMI_IDGOV_LANGHOST=official  fail unless the official host can be built
#   PULUMI_IDGOV_LANGHOST=shim      skip the proxy probe and build the stand-in
#
# Other knobs: PULUMI_IDGOV_CACHE (cache root), GO (go binary),
# GOSUMDB (default here: off, because sum.golang.org is not reachable here).
set -euo pipefail

PULUMI_VERSION="3.248.0"
PKG_MODULE="github.com/pulumi/pulumi/pkg/v3"
SDK_MODULE="github.com/pulumi/pulumi/sdk/v3"
LANGHOST_MODULE="github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3"
# Pseudo-version of the commit tagged v3.248.0 (a88168d865b7, committed 2026-06-24T12:07:34Z).
LANGHOST_VERSION="${PULUMI_LANGUAGE_NODEJS_VERSION:-v3.0.0-20260624120734-a88168d865b7}"
LANGHOST_MODE="${PULUMI_IDGOV_LANGHOST:-auto}"
# pkg/go.mod at v3.248.0 says `go 1.25.11`.
MIN_GO="1.25.11"

CACHE_ROOT="${PULUMI_IDGOV_CACHE:-$HOME/.cache/pulumi-idgov}"
DEST="$CACHE_ROOT/pulumi-v$PULUMI_VERSION"
BIN_DIR="$DEST/bin"

# Keep the real stdout on fd 3 for the result line; send everything else to stderr.
exec 3>&1 1>&2

log() { printf 'get-pulumi: %s\n' "$*" >&2; }
die() {
  printf 'get-pulumi: ERROR: %s\n' "$*" >&2
  exit 1
}
result() {
  printf '%s\n' "$1" >&3
  exit 0
}

case "$LANGHOST_MODE" in
  auto | official | shim) ;;
  *) die "PULUMI_IDGOV_LANGHOST must be auto, official or shim (got '$LANGHOST_MODE')" ;;
esac

cli_version() { PULUMI_SKIP_UPDATE_CHECK=true "$1" version 2>/dev/null || true; }

# Oldest supported CLI: the lower bound of the @pulumi/pulumi peer range.
MIN_SUPPORTED="3.216.0"

# supported VERSION: true when VERSION (as `pulumi version` prints it) is v3.x >= MIN_SUPPORTED.
supported() {
  local v="${1#v}"
  [[ "$v" =~ ^3\.[0-9]+\.[0-9]+$ ]] || return 1
  [ "$(printf '%s\n%s\n' "$MIN_SUPPORTED" "$v" | sort -V | head -1)" = "$MIN_SUPPORTED" ]
}

# 1. A supported pulumi already on PATH, with its language host beside it?
if path_pulumi="$(command -v pulumi 2>/dev/null)"; then
  path_dir="$(cd "$(dirname "$path_pulumi")" && pwd)"
  path_version="$(cli_version "$path_pulumi")"
  if ! supported "$path_version"; then
    log "ignoring $path_pulumi: it reports '$path_version', supported is v$MIN_SUPPORTED or a newer v3"
  elif [ ! -x "$path_dir/pulumi-language-nodejs" ]; then
    log "ignoring $path_pulumi $path_version: no pulumi-language-nodejs beside it in $path_dir"
  else
    log "using pulumi $path_version and its pulumi-language-nodejs from $path_dir"
    result "$path_dir"
  fi
fi

# 2. Cached build?
cache_ok() {
  [ -x "$BIN_DIR/pulumi" ] && [ -x "$BIN_DIR/pulumi-language-nodejs" ] || return 1
  [ "$(cli_version "$BIN_DIR/pulumi")" = "v$PULUMI_VERSION" ] || return 1
  # A stand-in host doesn't count when the official one is demanded.
  if [ "$LANGHOST_MODE" = official ] && ! grep -qx 'langhost=official' "$DEST/BUILD-INFO" 2>/dev/null; then
    return 1
  fi
  return 0
}

if cache_ok; then
  log "using cached build in $DEST ($(grep '^langhost=' "$DEST/BUILD-INFO" 2>/dev/null || echo 'langhost=?'))"
  result "$BIN_DIR"
fi

mkdir -p "$CACHE_ROOT" || die "cannot create cache dir $CACHE_ROOT"

# Only one build per cache: another process may be building right now.
if command -v flock >/dev/null 2>&1; then
  exec 9>"$CACHE_ROOT/.pulumi-v$PULUMI_VERSION.lock"
  if ! flock -n 9; then
    log "another build is in progress; waiting for its lock ..."
    flock 9
  fi
  if cache_ok; then
    log "using build just finished by another process in $DEST"
    result "$BIN_DIR"
  fi
fi

# 3. Build.
GO="${GO:-$(command -v go 2>/dev/null || echo /usr/local/go/bin/go)}"
if [ ! -x "$GO" ]; then
  die "Go not found at '$GO' (install Go >= $MIN_GO, or set GO=/path/to/go)"
fi
go_version="$("$GO" env GOVERSION 2>/dev/null)" || die "'$GO env GOVERSION' failed"
go_version="${go_version#go}"
if [ "$(printf '%s\n%s\n' "$MIN_GO" "$go_version" | sort -V | head -1)" != "$MIN_GO" ]; then
  die "Go $go_version is too old: pulumi v$PULUMI_VERSION needs Go >= $MIN_GO"
fi

export GOFLAGS="-mod=mod -buildvcs=false"
export GOTOOLCHAIN=local
export GOSUMDB="${GOSUMDB:-off}"
export CGO_ENABLED="${CGO_ENABLED:-0}"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/get-pulumi-src.XXXXXX")"
STAGE="$(mktemp -d "$CACHE_ROOT/.stage-pulumi-v$PULUMI_VERSION.XXXXXX")"
trap 'rm -rf "$WORK" "$STAGE"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

started=$(date +%s)
log "building pulumi v$PULUMI_VERSION with Go $go_version (GOSUMDB=$GOSUMDB) in $WORK"

# A wrapper module: `go install pkg@version` refuses modules whose go.mod has
# replace directives, so we require them here and copy pkg's non-local replace.
cat >"$WORK/go.mod" <<EOF
module local/pulumi-idgov-get-pulumi

go $MIN_GO

require (
	$PKG_MODULE v$PULUMI_VERSION
	$SDK_MODULE v$PULUMI_VERSION
)

// Copied from $PKG_MODULE@v$PULUMI_VERSION go.mod (its other replace is the local ../sdk).
replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e
EOF

tools_imports="	_ \"$PKG_MODULE/cmd/pulumi\""

langhost=""
if [ "$LANGHOST_MODE" != shim ]; then
  log "probing the module proxy for $LANGHOST_MODULE@$LANGHOST_VERSION ..."
  if probe_out="$(cd "$WORK" && "$GO" mod download -json "$LANGHOST_MODULE@$LANGHOST_VERSION" 2>&1)"; then
    langhost=official
    printf '\nrequire %s %s\n' "$LANGHOST_MODULE" "$LANGHOST_VERSION" >>"$WORK/go.mod"
    tools_imports="$tools_imports
	_ \"$LANGHOST_MODULE\""
  else
    reason="$(printf '%s\n' "$probe_out" | grep -m1 -iE '"Error"|error|40[34]' || printf '%s' "$probe_out" | tail -1)"
    if [ "$LANGHOST_MODE" = official ]; then
      die "official language host $LANGHOST_MODULE@$LANGHOST_VERSION is not available: $reason"
    fi
    log "WARNING: official language host not available from the module proxy:"
    log "WARNING:   $reason"
    log "WARNING: building the minimal stand-in pulumi-language-nodejs instead (see header of $0)"
  fi
fi
if [ -z "$langhost" ]; then
  langhost=shim
  mkdir -p "$WORK/cmd/pulumi-language-nodejs"
  cat >"$WORK/cmd/pulumi-language-nodejs/main.go" <<'EOF_GO'
// pulumi-language-nodejs: minimal stand-in, generated by scripts/get-pulumi.sh.
//
// The official Node.js language host is its own Go module
// (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3), which
// the module proxy we use does not serve. This program implements the part of
// the LanguageRuntime gRPC service the engine needs to run a Node.js or
// TypeScript program (preview/up/refresh/destroy): it starts
// `node <@pulumi/pulumi>/cmd/run` with the flags and environment the official
// host uses. It does not do code generation, packing, linking, policy packs,
// RunPlugin or the deprecated synchronous-invoke pipes.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	pbempty "google.golang.org/protobuf/types/known/emptypb"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/config"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// Version reported to the engine; set with -ldflags "-X main.Version=...".
var Version = "0.0.0"

// Exit code @pulumi/pulumi/cmd/run uses after it has already shown the error.
const exitCodeBail = 32

type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	mu            sync.Mutex
	engineAddress string
	tracing       string
	// Legacy flags; current engines pass runtime options in ProgramInfo.Options.
	typescript    bool
	typescriptSet bool
	tsconfig      string
	nodeargs      string
	running       *os.Process

	ctx             context.Context
	cancel          context.CancelFunc
	healthcheckOnce sync.Once
}

// watchEngine stops the host when the engine goes away (checked every 5 minutes).
func (h *host) watchEngine(addr string) {
	h.healthcheckOnce.Do(func() {
		if err := rpcutil.Healthcheck(h.ctx, addr, 5*time.Minute, h.cancel); err != nil {
			fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: cannot health-check the engine: %v\n", err)
			os.Exit(1)
		}
	})
}

func main() {
	var tracing, root, typescript, tsconfig, nodeargs, packageManager string
	var logToStderr, logFlow bool
	var verbose int
	fs := flag.NewFlagSet(os.Args[0], flag.ContinueOnError)
	fs.StringVar(&tracing, "tracing", "", "Zipkin-compatible tracing endpoint")
	fs.StringVar(&root, "root", "", "project root (ignored)")
	fs.StringVar(&typescript, "typescript", "", "run TypeScript with ts-node (default true)")
	fs.StringVar(&tsconfig, "tsconfig", "", "path to tsconfig.json")
	fs.StringVar(&nodeargs, "nodeargs", "", "extra arguments for node")
	fs.StringVar(&packageManager, "packagemanager", "", "package manager (ignored)")
	fs.BoolVar(&logToStderr, "logtostderr", false, "accepted for compatibility")
	fs.BoolVar(&logFlow, "logflow", false, "accepted for compatibility")
	fs.IntVar(&verbose, "v", 0, "accepted for compatibility")
	if err := fs.Parse(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: %v\n", err)
		os.Exit(1)
	}

	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	stop := make(chan bool)
	go func() {
		<-ctx.Done()
		close(stop)
	}()

	h := &host{tracing: tracing, tsconfig: tsconfig, nodeargs: nodeargs, ctx: ctx, cancel: cancel}
	if typescript != "" {
		h.typescriptSet, h.typescript = true, typescript == "true"
	}
	// The engine passes its address as the last positional argument (or later via Handshake).
	if args := fs.Args(); len(args) > 0 {
		h.engineAddress = args[len(args)-1]
		h.watchEngine(h.engineAddress)
	}

	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: stop,
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, h)
			return nil
		},
		Options: rpcutil.OpenTracingServerInterceptorOptions(nil),
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: cannot start RPC server: %v\n", err)
		os.Exit(1)
	}
	// The engine reads the port from the first line of stdout.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-nodejs: RPC server stopped: %v\n", err)
		os.Exit(1)
	}
}

func (h *host) Handshake(
	_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	if addr := req.GetEngineAddress(); addr != "" {
		h.mu.Lock()
		h.engineAddress = addr
		h.mu.Unlock()
		h.watchEngine(addr)
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *host) GetPluginInfo(context.Context, *pbempty.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: Version}, nil
}

func (h *host) Cancel(context.Context, *pbempty.Empty) (*pbempty.Empty, error) {
	h.mu.Lock()
	p := h.running
	h.mu.Unlock()
	if p != nil {
		_ = p.Signal(os.Interrupt)
	}
	return &pbempty.Empty{}, nil
}

// programDirs returns the root directory, program directory and entry point.
func programDirs(info *pulumirpc.ProgramInfo, pwd, program string) (string, string, string) {
	if info != nil && info.GetProgramDirectory() != "" {
		root := info.GetRootDirectory()
		if root == "" {
			root = info.GetProgramDirectory()
		}
		entry := info.GetEntryPoint()
		if entry == "" {
			entry = "."
		}
		return root, info.GetProgramDirectory(), entry
	}
	if pwd == "" {
		pwd, _ = os.Getwd()
	}
	if program == "" {
		program = "."
	}
	return pwd, pwd, program
}

type pulumiPackage struct{ Name, Version, Server string }

// resourcePackages lists resource plugins declared by installed packages
// (package.json "pulumi": {"resource": true}) in node_modules dirs from dir upwards.
func resourcePackages(dir string) []pulumiPackage {
	seen := map[string]pulumiPackage{}
	for d := dir; ; d = filepath.Dir(d) {
		nm := filepath.Join(d, "node_modules")
		entries, _ := os.ReadDir(nm)
		var pkgDirs []string
		for _, e := range entries {
			name := e.Name()
			switch {
			case strings.HasPrefix(name, "."):
			case strings.HasPrefix(name, "@"):
				scoped, _ := os.ReadDir(filepath.Join(nm, name))
				for _, s := range scoped {
					pkgDirs = append(pkgDirs, filepath.Join(nm, name, s.Name()))
				}
			default:
				pkgDirs = append(pkgDirs, filepath.Join(nm, name))
			}
		}
		for _, pd := range pkgDirs {
			if p, ok := readResourcePackage(pd); ok {
				if _, dup := seen[p.Name]; !dup {
					seen[p.Name] = p
				}
			}
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	out := make([]pulumiPackage, 0, len(seen))
	for _, p := range seen {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func readResourcePackage(dir string) (pulumiPackage, bool) {
	b, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return pulumiPackage{}, false
	}
	var pj struct {
		Name    string `json:"name"`
		Version string `json:"version"`
		Pulumi  *struct {
			Resource bool   `json:"resource"`
			Name     string `json:"name"`
			Version  string `json:"version"`
			Server   string `json:"server"`
		} `json:"pulumi"`
	}
	if json.Unmarshal(b, &pj) != nil || pj.Pulumi == nil || !pj.Pulumi.Resource {
		return pulumiPackage{}, false
	}
	name := pj.Pulumi.Name
	if name == "" {
		name = pj.Name[strings.LastIndex(pj.Name, "/")+1:]
	}
	version := pj.Pulumi.Version
	if version == "" {
		version = pj.Version
	}
	return pulumiPackage{Name: name, Version: version, Server: pj.Pulumi.Server}, true
}

func (h *host) GetRequiredPlugins(
	_ context.Context, req *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	_, dir, _ := programDirs(req.GetInfo(), req.GetPwd(), req.GetProgram())
	resp := &pulumirpc.GetRequiredPluginsResponse{}
	for _, p := range resourcePackages(dir) {
		resp.Plugins = append(resp.Plugins, &pulumirpc.PluginDependency{
			Name: p.Name, Kind: "resource", Version: p.Version, Server: p.Server,
		})
	}
	return resp, nil
}

func (h *host) GetRequiredPackages(
	_ context.Context, req *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	_, dir, _ := programDirs(req.GetInfo(), "", "")
	resp := &pulumirpc.GetRequiredPackagesResponse{}
	for _, p := range resourcePackages(dir) {
		resp.Packages = append(resp.Packages, &pulumirpc.PackageDependency{
			Name: p.Name, Kind: "resource", Version: p.Version, Server: p.Server,
		})
	}
	return resp, nil
}

// runtimeOptions merges Pulumi.yaml runtime.options with the legacy flags.
func (h *host) runtimeOptions(info *pulumirpc.ProgramInfo) (bool, string, []string) {
	typescript := true
	if h.typescriptSet {
		typescript = h.typescript
	}
	tsconfig, nodeargs := h.tsconfig, h.nodeargs
	if info != nil && info.GetOptions() != nil {
		opts := info.GetOptions().AsMap()
		if v, ok := opts["typescript"].(bool); ok {
			typescript = v
		}
		if v, ok := opts["tsconfig"].(string); ok {
			tsconfig = v
		}
		if v, ok := opts["nodeargs"].(string); ok {
			nodeargs = v
		}
	}
	return typescript, tsconfig, strings.Fields(nodeargs)
}

// resolveRunPath finds @pulumi/pulumi/cmd/run the way node does from the program directory.
func resolveRunPath(ctx context.Context, nodeBin, dir string) (string, error) {
	cmd := exec.CommandContext(ctx, nodeBin, "-e",
		"process.stdout.write(require.resolve('@pulumi/pulumi/cmd/run'))")
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("cannot find @pulumi/pulumi from %s, run `npm install` there (node: %s): %w",
			dir, strings.TrimSpace(stderr.String()), err)
	}
	return filepath.Dir(strings.TrimSpace(string(out))), nil
}

func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	rootDir, dir, entry := programDirs(req.GetInfo(), req.GetPwd(), req.GetProgram())
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return &pulumirpc.RunResponse{Error: "could not find node on the $PATH: " + err.Error()}, nil
	}
	runPath, err := resolveRunPath(ctx, nodeBin, dir)
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	typescript, tsconfig, nodeargs := h.runtimeOptions(req.GetInfo())

	h.mu.Lock()
	engineAddress := h.engineAddress
	h.mu.Unlock()

	args := append(append([]string{}, nodeargs...), runPath)
	add := func(k, v string) {
		if v != "" {
			args = append(args, "--"+k, v)
		}
	}
	add("monitor", req.GetMonitorAddress())
	add("engine", engineAddress)
	add("organization", req.GetOrganization())
	add("project", req.GetProject())
	add("root-directory", rootDir)
	add("stack", req.GetStack())
	add("pwd", dir)
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	if req.GetQueryMode() {
		args = append(args, "--query-mode")
	}
	if p := req.GetParallel(); p > 1 {
		add("parallel", fmt.Sprint(p))
	}
	add("tracing", h.tracing)
	args = append(append(args, entry), req.GetArgs()...)

	// Like the official host, present keys as <namespace>:config:<name> so that
	// older @pulumi/pulumi versions understand them too.
	cfg := map[string]string{}
	for k, v := range req.GetConfig() {
		if key, err := config.ParseKey(k); err == nil {
			k = key.Namespace() + ":config:" + key.Name()
		}
		cfg[k] = v
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	configJSON, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	secretKeysJSON, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, err
	}
	env := append(os.Environ(),
		"PULUMI_CONFIG="+string(configJSON),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeysJSON))
	if typescript {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+tsconfig)
	}

	cmd := exec.Command(nodeBin, args...)
	cmd.Dir, cmd.Env = dir, env
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		return &pulumirpc.RunResponse{Error: "failed to start node: " + err.Error()}, nil
	}
	h.mu.Lock()
	h.running = cmd.Process
	h.mu.Unlock()
	err = cmd.Wait()
	h.mu.Lock()
	h.running = nil
	h.mu.Unlock()

	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return &pulumirpc.RunResponse{}, nil
	case errors.As(err, &exitErr) && exitErr.ExitCode() == exitCodeBail:
		return &pulumirpc.RunResponse{Bail: true}, nil
	case errors.As(err, &exitErr) && exitErr.ExitCode() > 0:
		return &pulumirpc.RunResponse{
			Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode()),
		}, nil
	default:
		return &pulumirpc.RunResponse{Error: "Program exited unexpectedly: " + err.Error()}, nil
	}
}

type installWriter struct {
	mu     *sync.Mutex
	send   func(*pulumirpc.InstallDependenciesResponse) error
	stderr bool
}

func (w installWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	resp := &pulumirpc.InstallDependenciesResponse{}
	if w.stderr {
		resp.Stderr = append([]byte{}, p...)
	} else {
		resp.Stdout = append([]byte{}, p...)
	}
	if err := w.send(resp); err != nil {
		return 0, err
	}
	return len(p), nil
}

// InstallDependencies runs `npm install` (used by `pulumi install`/`pulumi new`, not by `pulumi up`).
func (h *host) InstallDependencies(
	req *pulumirpc.InstallDependenciesRequest, server pulumirpc.LanguageRuntime_InstallDependenciesServer,
) error {
	dir := req.GetDirectory()
	if info := req.GetInfo(); info != nil && info.GetProgramDirectory() != "" {
		dir = info.GetProgramDirectory()
	}
	var mu sync.Mutex
	cmd := exec.CommandContext(server.Context(), "npm", "install", "--no-audit", "--no-fund")
	cmd.Dir = dir
	cmd.Stdout = installWriter{mu: &mu, send: server.Send}
	cmd.Stderr = installWriter{mu: &mu, send: server.Send, stderr: true}
	if err := cmd.Run(); err != nil {
		return status.Errorf(codes.Unknown, "npm install in %s failed: %v", dir, err)
	}
	return nil
}

func (h *host) About(ctx context.Context, _ *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return nil, status.Errorf(codes.FailedPrecondition, "could not find node on the $PATH: %v", err)
	}
	out, err := exec.CommandContext(ctx, nodeBin, "--version").Output()
	if err != nil {
		return nil, err
	}
	return &pulumirpc.AboutResponse{
		Executable: nodeBin,
		Version:    strings.TrimPrefix(strings.TrimSpace(string(out)), "v"),
		Metadata:   map[string]string{"languageHost": "stand-in built by scripts/get-pulumi.sh"},
	}, nil
}

func (h *host) GetProgramDependencies(
	context.Context, *pulumirpc.GetProgramDependenciesRequest,
) (*pulumirpc.GetProgramDependenciesResponse, error) {
	return &pulumirpc.GetProgramDependenciesResponse{}, nil
}
EOF_GO
fi

cat >"$WORK/tools.go" <<EOF
//go:build tools

// Keeps the binaries' packages in the module graph for 'go mod tidy'.
package tools

import (
$tools_imports
)
EOF

log "resolving modules (go mod tidy) ..."
(cd "$WORK" && "$GO" mod tidy) || die "'go mod tidy' failed in $WORK (is the Go module proxy reachable? GOPROXY=$("$GO" env GOPROXY))"

# MVS must not have moved pkg/sdk off the wanted version.
for m in "$PKG_MODULE" "$SDK_MODULE"; do
  got="$(cd "$WORK" && "$GO" list -m -f '{{.Version}}' "$m")"
  [ "$got" = "v$PULUMI_VERSION" ] || die "$m resolved to $got instead of v$PULUMI_VERSION"
done

mkdir -p "$STAGE/bin" "$STAGE/build"
version_ldflag="-X $SDK_MODULE/go/common/version.Version=v$PULUMI_VERSION"

log "compiling pulumi (first build takes several minutes) ..."
(cd "$WORK" && "$GO" build -trimpath -ldflags "-s -w $version_ldflag" -o "$STAGE/bin/pulumi" "$PKG_MODULE/cmd/pulumi") ||
  die "building $PKG_MODULE/cmd/pulumi failed"

log "compiling pulumi-language-nodejs ($langhost) ..."
if [ "$langhost" = official ]; then
  (cd "$WORK" && "$GO" build -trimpath -ldflags "-s -w $version_ldflag" -o "$STAGE/bin/pulumi-language-nodejs" "$LANGHOST_MODULE") ||
    die "building $LANGHOST_MODULE failed"
else
  (cd "$WORK" && "$GO" build -trimpath -ldflags "-s -w -X main.Version=$PULUMI_VERSION" -o "$STAGE/bin/pulumi-language-nodejs" ./cmd/pulumi-language-nodejs) ||
    die "building the stand-in pulumi-language-nodejs failed"
fi

# The dynamic-provider plugin shim ships next to `pulumi` in official releases;
# it only runs node on @pulumi/pulumi/cmd/dynamic-provider resolved from the cwd.
sdk_dir="$(cd "$WORK" && "$GO" list -m -f '{{.Dir}}' "$SDK_MODULE")"
if [ -f "$sdk_dir/nodejs/dist/pulumi-resource-pulumi-nodejs" ]; then
  install -m 0755 "$sdk_dir/nodejs/dist/pulumi-resource-pulumi-nodejs" "$STAGE/bin/pulumi-resource-pulumi-nodejs"
fi

got="$(cli_version "$STAGE/bin/pulumi")"
[ "$got" = "v$PULUMI_VERSION" ] || die "built pulumi reports '$got', expected v$PULUMI_VERSION"

cp "$WORK/go.mod" "$WORK/go.sum" "$WORK/tools.go" "$STAGE/build/"
[ "$langhost" = official ] || cp "$WORK/cmd/pulumi-language-nodejs/main.go" "$STAGE/build/pulumi-language-nodejs.go"
{
  echo "pulumi=v$PULUMI_VERSION"
  echo "langhost=$langhost"
  [ "$langhost" = official ] && echo "langhost_module=$LANGHOST_MODULE@$LANGHOST_VERSION"
  echo "go=$go_version"
  echo "built=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$STAGE/BUILD-INFO"

# Swap the finished build in with renames only.
if [ -e "$DEST" ]; then
  old="$CACHE_ROOT/.old-pulumi-v$PULUMI_VERSION.$$"
  mv "$DEST" "$old"
  mv "$STAGE" "$DEST"
  rm -rf "$old"
else
  mv "$STAGE" "$DEST"
fi

log "built pulumi v$PULUMI_VERSION (language host: $langhost) in $(($(date +%s) - started))s -> $BIN_DIR"
result "$BIN_DIR"
