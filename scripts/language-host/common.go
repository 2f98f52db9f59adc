package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// progName is the name the engine started this binary under, for messages.
func progName() string { return filepath.Base(os.Args[0]) }

// languageOf returns the language served by a binary named pulumi-language-<language>.
func languageOf(arg0 string) string {
	return strings.TrimSuffix(strings.TrimPrefix(filepath.Base(arg0), "pulumi-language-"), ".exe")
}

// serverFor picks the host for language; the Node.js one carries the state all hosts share.
func serverFor(language string, h *host, pythonExecutor string) (pulumirpc.LanguageRuntimeServer, error) {
	switch language {
	case "nodejs":
		return h, nil
	case "python":
		executor, err := pythonExecutorPath(pythonExecutor)
		if err != nil {
			return nil, err
		}
		return &pythonHost{host: h, executor: executor}, nil
	case "go":
		return &goHost{host: h}, nil
	default:
		return nil, fmt.Errorf("no stand-in language host for %q: name this binary pulumi-language-nodejs, "+
			"pulumi-language-python or pulumi-language-go", language)
	}
}

// runToCompletion runs a program for Run, where Cancel can interrupt it, and maps its exit code as the
// official hosts do: 32 means the program has already reported its error, so the engine just stops.
// program is how the host's messages name the program ("Program" for Node.js, "program" for the others).
func (h *host) runToCompletion(cmd *exec.Cmd, startFailure, program string) *pulumirpc.RunResponse {
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		return &pulumirpc.RunResponse{Error: startFailure + err.Error()}
	}
	h.mu.Lock()
	h.running = cmd.Process
	h.mu.Unlock()
	err := cmd.Wait()
	h.mu.Lock()
	h.running = nil
	h.mu.Unlock()

	var exitErr *exec.ExitError
	switch {
	case err == nil:
		return &pulumirpc.RunResponse{}
	case errors.As(err, &exitErr) && exitErr.ExitCode() == exitCodeBail:
		return &pulumirpc.RunResponse{Bail: true}
	case errors.As(err, &exitErr) && exitErr.ExitCode() > 0:
		return &pulumirpc.RunResponse{
			Error: fmt.Sprintf("%s exited with non-zero exit code: %d", program, exitErr.ExitCode()),
		}
	default:
		return &pulumirpc.RunResponse{Error: program + " exited unexpectedly: " + err.Error()}
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

// installStreams returns writers that stream InstallDependencies output to the engine.
func installStreams(server pulumirpc.LanguageRuntime_InstallDependenciesServer) (io.Writer, io.Writer) {
	var mu sync.Mutex
	return installWriter{mu: &mu, send: server.Send}, installWriter{mu: &mu, send: server.Send, stderr: true}
}

// runIn runs one installation command in dir.
func runIn(ctx context.Context, dir string, stdout, stderr io.Writer, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, stdout, stderr
	if err := cmd.Run(); err != nil {
		return status.Errorf(codes.Unknown, "`%s %s` in %s failed: %v", name, strings.Join(args, " "), dir, err)
	}
	return nil
}

// runInstall runs one installation command in dir for InstallDependencies, streaming its output to the engine.
func runInstall(
	server pulumirpc.LanguageRuntime_InstallDependenciesServer, dir string, name string, args ...string,
) error {
	stdout, stderr := installStreams(server)
	return runIn(server.Context(), dir, stdout, stderr, name, args...)
}
