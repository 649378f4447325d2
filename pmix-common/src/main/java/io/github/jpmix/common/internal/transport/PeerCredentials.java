package io.github.jpmix.common.internal.transport;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * Not API. Who is at the other end of a Unix socket, as the kernel says ({@code SO_PEERCRED}:
 * the peer's effective uid and gid when it connected), and the ids of this process.
 *
 * <p><b>Comparing with a registered uid.</b> The JDK names a peer by its user and group names
 * ({@code getpwuid}/{@code getgrgid} through NSS, so LDAP and SSSD users too), or by the numeric
 * id when the name is unknown, and hides the number. {@link #hasUid} and {@link #hasGid} compare
 * without any name mapping of our own: they ask the JDK's principal lookup for the decimal id,
 * which (when no user is literally <em>named</em> that number) yields a principal carrying that
 * id, and the JDK's principals are equal exactly when their ids are. Limitation: on a system where
 * a user or group is named like a number ("1000"), that name wins over the numeric reading.
 *
 * <p>Immutable; thread-safe.
 */
public record PeerCredentials(UserPrincipal user, GroupPrincipal group) {

    public PeerCredentials {
        requireNonNull(user, "user");
        requireNonNull(group, "group");
    }

    /** The credentials of the process at the other end of a connected Unix domain socket. */
    public static PeerCredentials of(SocketChannel channel) throws IOException {
        UnixDomainPrincipal p = channel.getOption(ExtendedSocketOptions.SO_PEERCRED);
        return new PeerCredentials(p.user(), p.group());
    }

    /** The user name the JDK reports (the decimal uid when the name is unknown). */
    public String userName() {
        return user.getName();
    }

    /** The group name the JDK reports (the decimal gid when the name is unknown). */
    public String groupName() {
        return group.getName();
    }

    /** Whether the peer's effective uid is {@code uid} (read as unsigned). */
    public boolean hasUid(int uid) {
        String id = Integer.toUnsignedString(uid);
        try {
            return user.equals(lookup().lookupPrincipalByName(id));
        } catch (IOException e) {
            return user.getName().equals(id);
        }
    }

    /** Whether the peer's effective gid is {@code gid} (read as unsigned). */
    public boolean hasGid(int gid) {
        String id = Integer.toUnsignedString(gid);
        try {
            return group.equals(lookup().lookupPrincipalByGroupName(id));
        } catch (IOException e) {
            return group.getName().equals(id);
        }
    }

    /** The effective uid of this process (what a server sees of it through SO_PEERCRED). */
    public static int currentUid() {
        return procSelf("unix:uid");
    }

    /** The effective gid of this process. */
    public static int currentGid() {
        return procSelf("unix:gid");
    }

    @Override
    public String toString() {
        return "user=" + userName() + " group=" + groupName();
    }

    private static UserPrincipalLookupService lookup() {
        return FileSystems.getDefault().getUserPrincipalLookupService();
    }

    /** /proc/self belongs to the process's effective uid and gid (Linux; the JVM is dumpable). */
    private static int procSelf(String attribute) {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), attribute);
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalStateException("cannot read " + attribute + " of /proc/self", e);
        }
    }
}
