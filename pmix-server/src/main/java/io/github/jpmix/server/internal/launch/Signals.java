package io.github.jpmix.server.internal.launch;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ObjIntConsumer;

/**
 * Not API. The launcher's handling of the signals that ask it to end (SIGTERM, SIGINT, SIGHUP): a
 * handler instead of the JVM's default, which runs the shutdown hooks and exits while the job's
 * processes run on. It uses {@code sun.misc.Signal} (module jdk.unsupported, exported for this) through
 * reflection, because javac's warning about that API cannot be suppressed and the build fails on
 * warnings. A signal the launcher was started with ignored (SIGINT and SIGHUP of a background job of
 * a non-interactive shell, {@code nohup}) stays ignored: the JVM keeps such a signal ignored when asked
 * to handle it.
 */
public final class Signals {
    private Signals() {
    }

    /**
     * Calls {@code handler} with the signal's name ({@code "TERM"}) and number (15), on a thread the JVM
     * starts for it, each time this process gets one of {@code names}.
     *
     * @return the names it handles now: those this JVM lets it handle and that were not ignored
     */
    public static List<String> handle(List<String> names, ObjIntConsumer<String> handler) {
        List<String> handled = new ArrayList<>();
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> signalHandler = Class.forName("sun.misc.SignalHandler");
            Method getName = signal.getMethod("getName");
            Method getNumber = signal.getMethod("getNumber");
            InvocationHandler call = (proxy, method, args) -> switch (method.getName()) {
                case "handle" -> {
                    handler.accept((String) getName.invoke(args[0]), (Integer) getNumber.invoke(args[0]));
                    yield null;
                }
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                case "toString" -> "pmixrun signal handler";
                default -> throw new UnsupportedOperationException(method.getName());
            };
            Object proxy = Proxy.newProxyInstance(Signals.class.getClassLoader(), new Class<?>[] {signalHandler}, call);
            Method handle = signal.getMethod("handle", signal, signalHandler);
            Object ignored = signalHandler.getField("SIG_IGN").get(null);
            for (String name : names) {
                try {
                    Object before = handle.invoke(null, signal.getConstructor(String.class).newInstance(name), proxy);
                    if (before != ignored) {
                        handled.add(name);
                    }
                } catch (ReflectiveOperationException e) {
                    // this JVM keeps the signal (-Xrs, or used by the VM): its default stays
                }
            }
        } catch (ReflectiveOperationException e) {
            // a JDK without sun.misc.Signal: the JVM's default handling stays
        }
        return handled;
    }
}
