/*
 * mpi_dynamic: an MPI program for testing a PMIx server's publish/lookup, spawn and connect under
 * Open MPI's direct launch.
 *
 *   mpi_dynamic            the parent job (any N)
 *   mpi_dynamic child      what the parent spawns (3 processes)
 *
 * The parent's rank 0 opens a port and publishes it as "jpmix-dyn" (MPI_Publish_name); every parent
 * rank looks it up (MPI_Lookup_name) after a barrier. The parent then spawns 3 children of this
 * program (MPI_Comm_spawn: PMIx_Spawn, then Open MPI's connect/accept through PMIx_Publish,
 * PMIx_Lookup with PMIX_WAIT and PMIx_Connect), merges the intercommunicator and sums over it;
 * each child looks the service up too and compares it with the port the parent broadcasts. Output,
 * one line per fact:
 *
 *   parent <r>/<N>: lookup ok
 *   parent <r>/<N>: merged <N+3> ok
 *   child <r>/3: lookup ok
 *   child <r>/3: merged <N+3> ok
 *
 * A wrong value prints "... FAIL ..." on stderr and calls MPI_Abort(MPI_COMM_WORLD, 3).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SERVICE "jpmix-dyn"

static void fail(const char *who, int rank, const char *what)
{
    fprintf(stderr, "%s %d: FAIL %s\n", who, rank, what);
    MPI_Abort(MPI_COMM_WORLD, 3);
}

/* Sums 1 and the ranks over the merged communicator and checks them; prints the line. */
static void merged_sum(MPI_Comm inter, int high, const char *who, int rank, int size)
{
    MPI_Comm merged;
    int msize, mrank, in[2], out[2];
    MPI_Intercomm_merge(inter, high, &merged);
    MPI_Comm_size(merged, &msize);
    MPI_Comm_rank(merged, &mrank);
    in[0] = 1;
    in[1] = mrank;
    MPI_Allreduce(in, out, 2, MPI_INT, MPI_SUM, merged);
    if (out[0] != msize || out[1] != msize * (msize - 1) / 2) {
        fail(who, rank, "merged sum");
    }
    printf("%s %d/%d: merged %d ok\n", who, rank, size, msize);
    fflush(stdout);
    MPI_Barrier(merged);
    MPI_Comm_free(&merged);
}

int main(int argc, char **argv)
{
    int rank, size;
    char port[MPI_MAX_PORT_NAME], found[MPI_MAX_PORT_NAME];
    MPI_Comm parent, inter;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_get_parent(&parent);

    if (argc > 1 && 0 == strcmp(argv[1], "child")) {
        if (MPI_COMM_NULL == parent) {
            fail("child", rank, "no parent communicator");
        }
        /* the parent's rank 0 sends its port to every child */
        MPI_Bcast(port, MPI_MAX_PORT_NAME, MPI_CHAR, 0, parent);
        if (MPI_SUCCESS != MPI_Lookup_name(SERVICE, MPI_INFO_NULL, found) || 0 != strcmp(port, found)) {
            fail("child", rank, "lookup");
        }
        printf("child %d/%d: lookup ok\n", rank, size);
        fflush(stdout);
        merged_sum(parent, 1, "child", rank, size);
        MPI_Comm_disconnect(&parent);
        MPI_Finalize();
        return 0;
    }

    if (MPI_COMM_NULL != parent) {
        fail("parent", rank, "a parent communicator");
    }
    if (0 == rank) {
        MPI_Open_port(MPI_INFO_NULL, port);
        if (MPI_SUCCESS != MPI_Publish_name(SERVICE, MPI_INFO_NULL, port)) {
            fail("parent", rank, "publish");
        }
    }
    MPI_Bcast(port, MPI_MAX_PORT_NAME, MPI_CHAR, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    if (MPI_SUCCESS != MPI_Lookup_name(SERVICE, MPI_INFO_NULL, found) || 0 != strcmp(port, found)) {
        fail("parent", rank, "lookup");
    }
    printf("parent %d/%d: lookup ok\n", rank, size);
    fflush(stdout);

    char *child_argv[] = {"child", NULL};
    int errcodes[3];
    MPI_Comm_spawn(argv[0], child_argv, 3, MPI_INFO_NULL, 0, MPI_COMM_WORLD, &inter, errcodes);
    for (int i = 0; i < 3; i++) {
        if (MPI_SUCCESS != errcodes[i]) {
            fail("parent", rank, "spawn error code");
        }
    }
    MPI_Bcast(port, MPI_MAX_PORT_NAME, MPI_CHAR, 0 == rank ? MPI_ROOT : MPI_PROC_NULL, inter);
    merged_sum(inter, 0, "parent", rank, size);
    MPI_Comm_disconnect(&inter);
    MPI_Barrier(MPI_COMM_WORLD);
    if (0 == rank) {
        if (MPI_SUCCESS != MPI_Unpublish_name(SERVICE, MPI_INFO_NULL, port)) {
            fail("parent", rank, "unpublish");
        }
        MPI_Close_port(port);
    }
    MPI_Finalize();
    return 0;
}
