package io.github.jpmix.common.internal.bfrops;

import io.github.jpmix.common.DataType;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.internal.codec.CodecOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * The payload of each client-server message of spec {@code openpmix-wire-4.2.2.md} section 3
 * (table "Commands a client sends", and the job data of section 4.1) as a list of top-level packs,
 * read with {@link BfropsReader} the way a server or client front reads them, and written back
 * with {@link BfropsWriter}. A buffer, and a byte object that holds packed data, is a
 * {@link Nested} list of packs.
 */
final class ProtocolMessages {
    static final int REQ = 0;
    static final int ABORT = 1;
    static final int COMMIT = 2;
    static final int FENCENB = 3;
    static final int GETNB = 4;
    static final int FINALIZE = 5;
    static final int NOTIFY = 12;
    static final int REGEVENTS = 13;
    static final int DEREGEVENTS = 14;
    static final int JOB_CONTROL = 18;

    /** One {@code PMIX_BFROPS_PACK}: the type and the elements. */
    record Pack(int type, List<Object> elements) {
        @Override
        public String toString() {
            return DataType.name(type) + Models.comparable(elements);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Pack p && p.type == type && Models.comparable(p.elements).equals(Models.comparable(elements));
        }

        @Override
        public int hashCode() {
            return type;
        }
    }

    /** Packed data inside a buffer or byte object. */
    record Nested(List<Pack> packs) {
    }

    private ProtocolMessages() {
    }

    static List<Pack> decode(WireDumps.Message m) {
        return decode(m.kind(), m.command(), m.payload(), new CodecOptions());
    }

    /**
     * The packs of a payload, which must be consumed to its last byte.
     *
     * @throws PmixException as the reader fails, or {@link Status#ERR_UNPACK_FAILURE} for bytes left over
     */
    static List<Pack> decode(WireDumps.Kind kind, int command, byte[] payload, CodecOptions options) {
        BfropsReader r = new BfropsReader(payload, 0, payload.length, options);
        List<Pack> packs = switch (kind) {
            case REQUEST -> request(r);
            case REPLY -> reply(command, r);
            case UNSOLICITED -> notification(r);
        };
        if (r.hasRemaining()) {
            throw new PmixException(Status.ERR_UNPACK_FAILURE, r.remaining() + " bytes left after " + packs);
        }
        return packs;
    }

    private static Pack one(int type, Object element) {
        List<Object> l = new ArrayList<>(1);
        l.add(element);
        return new Pack(type, l);
    }

    private static List<Pack> request(BfropsReader r) {
        List<Pack> p = new ArrayList<>();
        int cmd = r.unpackCommand();
        p.add(one(DataType.COMMAND, cmd));
        switch (cmd) {
            case REQ, FINALIZE -> {
            }
            case ABORT -> {
                p.add(one(DataType.STATUS, r.unpackStatus()));
                p.add(one(DataType.STRING, r.unpackString()));
                procs(r, p);
            }
            case COMMIT -> {
                // per scope with data: the scope, then a buffer of kvals (pmix_client.c:1376-1480)
                while (r.hasRemaining()) {
                    p.add(one(DataType.SCOPE, r.unpackScope()));
                    p.add(one(DataType.BUFFER, new Nested(keyValues(r.unpackBuffer(), new ArrayList<>()))));
                }
            }
            case FENCENB, JOB_CONTROL -> {
                procs(r, p);
                infos(r, p);
            }
            case GETNB -> {
                p.add(one(DataType.STRING, r.unpackString()));
                p.add(one(DataType.PROC_RANK, r.unpackRank()));
                infos(r, p);
                p.add(one(DataType.STRING, r.unpackString()));
            }
            case NOTIFY -> {
                p.add(one(DataType.STATUS, r.unpackStatus()));
                p.add(one(DataType.DATA_RANGE, r.unpackDataRange()));
                infos(r, p);
            }
            case REGEVENTS -> {
                long n = r.unpackSize();
                p.add(one(DataType.SIZE, n));
                if (n > 0) {
                    p.add(new Pack(DataType.STATUS, r.unpack(DataType.STATUS, (int) n)));
                }
                infos(r, p);
            }
            case DEREGEVENTS -> {
                while (r.hasRemaining()) {
                    p.add(one(DataType.STATUS, r.unpackStatus()));
                }
            }
            default -> throw new PmixException(Status.ERR_NOT_SUPPORTED, "no schema for command " + cmd);
        }
        return p;
    }

    /** {@code SIZE n}, then the n procs if any. */
    private static void procs(BfropsReader r, List<Pack> p) {
        long n = r.unpackSize();
        p.add(one(DataType.SIZE, n));
        if (n > 0) {
            p.add(new Pack(DataType.PROC, new ArrayList<>(r.unpackProcs(count(n)))));
        }
    }

    /** {@code SIZE n}, then the n infos if any. */
    private static void infos(BfropsReader r, List<Pack> p) {
        long n = r.unpackSize();
        p.add(one(DataType.SIZE, n));
        if (n > 0) {
            p.add(new Pack(DataType.INFO, new ArrayList<>(r.unpackInfos(count(n)))));
        }
    }

    private static int count(long n) {
        if (n < 0 || n > Integer.MAX_VALUE) {
            throw new PmixException(Status.ERR_UNPACK_FAILURE, "count " + Long.toUnsignedString(n));
        }
        return (int) n;
    }

    /** Kvals, each packed alone, until the buffer is empty. */
    private static List<Pack> keyValues(BfropsReader r, List<Pack> p) {
        while (r.hasRemaining()) {
            p.add(one(DataType.KVAL, r.unpackKeyValue()));
        }
        return p;
    }

    private static List<Pack> reply(int command, BfropsReader r) {
        List<Pack> p = new ArrayList<>();
        switch (command) {
            case REQ -> {
                // job data: the namespace, then kvals until the end (gds_hash.c:665-742)
                p.add(one(DataType.STRING, r.unpackString()));
                keyValues(r, p);
            }
            case GETNB -> {
                // status, then one byte object per proc: the proc and its kvals (pmix_server_get.c:734-870)
                p.add(one(DataType.STATUS, r.unpackStatus()));
                while (r.hasRemaining()) {
                    BfropsReader blob = r.unpackByteObjectReader();
                    List<Pack> inner = new ArrayList<>();
                    inner.add(one(DataType.PROC, blob.unpackProc()));
                    p.add(one(DataType.BYTE_OBJECT, new Nested(keyValues(blob, inner))));
                }
            }
            default -> p.add(one(DataType.STATUS, r.unpackStatus()));
        }
        return p;
    }

    /** An event on tag 0: command, status, source, infos, range (pmix_event_notification.c:894-1200). */
    private static List<Pack> notification(BfropsReader r) {
        List<Pack> p = new ArrayList<>();
        p.add(one(DataType.COMMAND, r.unpackCommand()));
        p.add(one(DataType.STATUS, r.unpackStatus()));
        p.add(one(DataType.PROC, r.unpackProc()));
        infos(r, p);
        p.add(one(DataType.DATA_RANGE, r.unpackDataRange()));
        return p;
    }

    /** The bytes of the packs. */
    static byte[] encode(List<Pack> packs) {
        BfropsWriter w = new BfropsWriter();
        for (Pack p : packs) {
            if (p.elements().size() == 1 && p.elements().get(0) instanceof Nested n) {
                byte[] b = encode(n.packs());
                BfropsWriter inner = new BfropsWriter().writeRaw(b, 0, b.length);
                if (p.type() == DataType.BUFFER) {
                    w.packBuffer(inner);
                } else {
                    w.packByteObject(inner);
                }
            } else {
                w.packAll(p.type(), p.elements());
            }
        }
        return w.toByteArray();
    }
}
