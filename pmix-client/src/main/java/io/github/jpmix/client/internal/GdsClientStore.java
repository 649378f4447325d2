package io.github.jpmix.client.internal;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Proc;
import io.github.jpmix.common.Status;
import io.github.jpmix.common.Value;
import io.github.jpmix.gds.Gds;
import io.github.jpmix.gds.GdsReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Not API. {@link ClientStore} on a pmix-gds reader attached to the server's store: reads happen in
 * this process, in the server's mapped files. A namespace other than the client's own is attached
 * on first use when the server's store has it.
 */
public final class GdsClientStore implements ClientStore {
    private final GdsReader reader;

    private GdsClientStore(GdsReader reader) {
        this.reader = reader;
    }

    /**
     * Starts the store's start-up in the background ({@link Gds#prepareAttach}), mapping ahead the job
     * file of {@code nspace} next to the server's socket (the server's session directory, where a
     * JPMIx server keeps its store): call it before the handshake, which then runs meanwhile.
     */
    public static void prepare(Path serverSocket, String nspace) {
        Gds.prepareAttach(serverSocket.toAbsolutePath().getParent(), nspace);
    }

    /** Attaches to the store the handshake described, for namespace {@code nspace}. */
    public static GdsClientStore open(Map<String, String> attachInfo, String nspace) {
        return new GdsClientStore(Gds.attach(attachInfo, nspace));
    }

    @Override
    public Optional<Value> get(Proc target, String key, List<Info> qualifiers, Proc requester) {
        if (!reader.hasNamespace(target.namespace()) && !reader.attachNamespace(target.namespace())) {
            throw new PmixException(Status.ERR_INVALID_NAMESPACE, "namespace " + target.namespace() + " is not in this store");
        }
        return Optional.ofNullable(reader.get(target, key, qualifiers, requester));
    }

    @Override
    public Optional<Value> modex(Proc target, String key) {
        return Optional.ofNullable(reader.modex(target, key));
    }

    @Override
    public void advanceModex(long generation) {
        reader.advanceModex(generation);
    }

    @Override
    public void close() {
        reader.close();
    }
}
