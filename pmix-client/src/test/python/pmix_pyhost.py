#!/usr/bin/python3
"""pmix_pyhost: a PMIx host written with python3-pmix's PMIxServer (OpenPMIx 4.2.2's server library).

    pmix_pyhost.py [-n N] [--nspace NAME] [--tmpdir DIR] [--timeout SECONDS] -- COMMAND [ARG...]

Starts the server with the hash storage component (PMIX_MCA_gds=hash while PMIx_server_init
runs: the clients are told PMIX_GDS_MODULE=hash and get their job data over the socket),
registers one namespace of N processes on this node the way python3-pmix's own example server
does (the node and proc maps, the job and universe sizes: the server library derives the rest),
registers every rank, then starts COMMAND N times with the environment PMIx_server_setup_fork
gives each rank. Exits with the worst exit status of the clients (128+S for a signal), or 124
when --timeout passed (the clients are then killed). Messages go to stderr, prefixed
"pmix_pyhost:".

The host upcalls: client connected and finalized (accepted), fence_nb (one node: the collected
data goes straight back; the library completes an all-local fence without it anyway).
"""
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import warnings

warnings.simplefilter("ignore")  # python3-pmix's progress thread uses setDaemon()
import pmix  # noqa: E402  (python3-pmix, Debian 12)


def say(msg):
    print("pmix_pyhost: " + msg, file=sys.stderr, flush=True)


def usage():
    say("usage: pmix_pyhost.py [-n N] [--nspace NAME] [--tmpdir DIR] [--timeout SECONDS] -- COMMAND [ARG...]")
    sys.exit(2)


def connected(proc):
    return pmix.PMIX_OPERATION_SUCCEEDED


def finalized(proc):
    return pmix.PMIX_OPERATION_SUCCEEDED


def fence(args):
    return pmix.PMIX_SUCCESS, bytearray(0)


def main(argv):
    n, nspace, tmpdir, timeout = 1, "pyhost-%d" % os.getpid(), None, 0
    i = 1
    while i < len(argv) and argv[i] != "--":
        if argv[i] == "-n" and i + 1 < len(argv):
            n = int(argv[i + 1])
        elif argv[i] == "--nspace" and i + 1 < len(argv):
            nspace = argv[i + 1]
        elif argv[i] == "--tmpdir" and i + 1 < len(argv):
            tmpdir = argv[i + 1]
        elif argv[i] == "--timeout" and i + 1 < len(argv):
            timeout = float(argv[i + 1])
        else:
            usage()
        i += 2
    command = argv[i + 1:]
    if not command or n < 1:
        usage()
    if tmpdir is None:
        tmpdir = tempfile.mkdtemp(prefix="pmix_pyhost.")

    os.environ["PMIX_MCA_gds"] = "hash"
    server = pmix.PMIxServer()
    rc = server.init([{'key': pmix.PMIX_SERVER_TMPDIR, 'value': tmpdir, 'val_type': pmix.PMIX_STRING},
                      {'key': pmix.PMIX_SYSTEM_TMPDIR, 'value': tmpdir, 'val_type': pmix.PMIX_STRING}],
                     {'clientconnected': connected, 'clientfinalized': finalized, 'fencenb': fence})
    del os.environ["PMIX_MCA_gds"]
    if rc != pmix.PMIX_SUCCESS:
        say("PMIx_server_init: %d" % rc)
        return 1

    host = socket.gethostname()
    rc, nodes = server.generate_regex([host])
    rc2, ppn = server.generate_ppn([",".join(str(r) for r in range(n))])
    if rc != pmix.PMIX_SUCCESS or rc2 != pmix.PMIX_SUCCESS:
        say("PMIx_generate_regex/ppn: %d %d" % (rc, rc2))
        return 1
    rc = server.register_nspace(nspace, n, [
        {'key': pmix.PMIX_NODE_MAP, 'value': nodes, 'val_type': pmix.PMIX_REGEX},
        {'key': pmix.PMIX_PROC_MAP, 'value': ppn, 'val_type': pmix.PMIX_REGEX},
        {'key': pmix.PMIX_UNIV_SIZE, 'value': n, 'val_type': pmix.PMIX_UINT32},
        {'key': pmix.PMIX_JOB_SIZE, 'value': n, 'val_type': pmix.PMIX_UINT32}])
    # without a callback the registration completes on the server's thread (OPERATION_IN_PROGRESS)
    if rc not in (pmix.PMIX_SUCCESS, pmix.PMIX_OPERATION_IN_PROGRESS, pmix.PMIX_OPERATION_SUCCEEDED):
        say("PMIx_server_register_nspace: %d" % rc)
        return 1

    # Every rank is registered and its environment made before any child starts. The binding's
    # register_client blocks on the server library's progress thread while holding the GIL
    # (pmix.pyx, v4.2.2: PMIx_server_register_client with no callback), and that thread runs the
    # clientconnected upcall "with gil": a child connecting while the next rank is registered
    # would leave both waiting on each other for good.
    envs = []
    for r in range(n):
        proc = {'nspace': nspace, 'rank': r}
        server.register_client(proc, os.geteuid(), os.getegid())
        env = os.environ.copy()
        rc = server.setup_fork(proc, env)
        if rc != pmix.PMIX_SUCCESS:
            say("PMIx_server_setup_fork: %d" % rc)
            return 1
        envs.append(env)
    children = [subprocess.Popen(command, env=env) for env in envs]

    deadline = time.monotonic() + timeout if timeout > 0 else None
    worst = 0
    timed_out = False
    for p in children:
        while True:
            try:
                left = None if deadline is None else max(0.01, deadline - time.monotonic())
                code = p.wait(timeout=left)
                break
            except subprocess.TimeoutExpired:
                say("timeout after %g s: killing the clients" % timeout)
                timed_out = True
                for q in children:
                    if q.poll() is None:
                        q.send_signal(signal.SIGKILL)
                deadline = None
        worst = max(worst, 128 - code if code < 0 else code)
    # no PMIx_server_finalize: the host just exits (the sockets close with it)
    os._exit(124 if timed_out else worst)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
