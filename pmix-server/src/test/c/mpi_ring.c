/*
 * mpi_ring: an MPI program for testing a PMIx server under Open MPI's direct launch.
 *
 *   mpi_ring [K]
 *
 * A token goes once around the ring of ranks (rank 0 sends 1 to rank 1; rank i receives i and
 * sends i+1; rank 0 gets N back), then MPI_Allreduce sums the ranks K times (default 1), each
 * result checked against N(N-1)/2. Output, one line per fact:
 *
 *   ring rank <i>/<N> ok                 every rank, after its part of the ring
 *   allreduce ok                         rank 0, after all K sums matched on every rank
 *   time N=<N> K=<K> init_ms=<t> total_ms=<t>
 *                                        rank 0, only when K is given: MPI_Init alone and
 *                                        MPI_Init..MPI_Finalize (CLOCK_MONOTONIC), for benchmarks
 *
 * A wrong token or sum prints "... FAIL ..." on stderr and calls MPI_Abort(MPI_COMM_WORLD, 3).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double) ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void die(const char *what, int rank, long got, long want)
{
    fprintf(stderr, "%s FAIL rank %d got %ld want %ld\n", what, rank, got, want);
    MPI_Abort(MPI_COMM_WORLD, 3);
}

int main(int argc, char **argv)
{
    long repeats = 1;
    int timed = argc > 1;
    if (timed) {
        char *end;
        repeats = strtol(argv[1], &end, 10);
        if (argc > 2 || end == argv[1] || '\0' != *end || repeats < 1) {
            fprintf(stderr, "usage: mpi_ring [K >= 1]\n");
            return 2;
        }
    }

    double t0 = now_ms();
    MPI_Init(&argc, &argv);
    double t_init = now_ms();
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    int token;
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    if (1 == size) {
        int one = 1;
        MPI_Sendrecv(&one, 1, MPI_INT, 0, 0, &token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else if (0 == rank) {
        int one = 1;
        MPI_Send(&one, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
        MPI_Recv(&token, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(&token, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (token != rank) {
            die("ring", rank, token, rank);
        }
        token++;
        MPI_Send(&token, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    }
    if (0 == rank && token != size) {
        die("ring", rank, token, size);
    }
    printf("ring rank %d/%d ok\n", rank, size);
    fflush(stdout);

    long want = (long) size * (size - 1) / 2;
    for (long k = 0; k < repeats; k++) {
        long mine = rank, sum = -1;
        MPI_Allreduce(&mine, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        if (sum != want) {
            die("allreduce", rank, sum, want);
        }
    }
    if (0 == rank) {
        printf("allreduce ok\n");
        fflush(stdout);
    }

    MPI_Finalize();
    double t_end = now_ms();
    if (timed && 0 == rank) {
        printf("time N=%d K=%ld init_ms=%.1f total_ms=%.1f\n", size, repeats, t_init - t0, t_end - t0);
    }
    return 0;
}
