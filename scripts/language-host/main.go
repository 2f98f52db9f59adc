// Stand-in language hosts, built by scripts/get-pulumi.sh as pulumi-language-nodejs,
// pulumi-language-python and pulumi-language-go (one binary; it serves the
// language its file name ends with).
//
// The official hosts are Go modules of their own
// (github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 and its
// python and go siblings), which the module proxy we use does not serve. This
// program implements the part of the LanguageRuntime gRPC service the engine
// needs to run a program (preview/up/refresh/destroy) and starts it the way the
// official host does: this file for Node.js (`node <@pulumi/pulumi>/cmd/run`),
// python.go and golang.go for the others; plugin.go runs Node.js plugins and
// policy packs (RunPlugin) as the official host does. It does not do code
// generation, packing, linking, debugging or the deprecated synchronous-invoke
// pipes.
package main

import (
	"context"
	"encoding/json"
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
			fmt.Fprintf(os.Stderr, "%s: cannot health-check the engine: %v\n", progName(), err)
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
	var pythonExecutor string
	fs.StringVar(&pythonExecutor, "use-executor", "", "Python: the executor script to run programs with")
	if err := fs.Parse(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", progName(), err)
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

	server, err := serverFor(languageOf(os.Args[0]), h, pythonExecutor)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", progName(), err)
		os.Exit(1)
	}
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel: stop,
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, server)
			return nil
		},
		Options: rpcutil.OpenTracingServerInterceptorOptions(nil),
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: cannot start RPC server: %v\n", progName(), err)
		os.Exit(1)
	}
	// The engine reads the port from the first line of stdout.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "%s: RPC server stopped: %v\n", progName(), err)
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
	return h.runToCompletion(cmd, "failed to start node: ", "Program"), nil
}

// InstallDependencies runs `npm install` (used by `pulumi install`/`pulumi new`, not by `pulumi up`).
func (h *host) InstallDependencies(
	req *pulumirpc.InstallDependenciesRequest, server pulumirpc.LanguageRuntime_InstallDependenciesServer,
) error {
	dir := req.GetDirectory()
	if info := req.GetInfo(); info != nil && info.GetProgramDirectory() != "" {
		dir = info.GetProgramDirectory()
	}
	return runInstall(server, dir, "npm", "install", "--no-audit", "--no-fund")
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
