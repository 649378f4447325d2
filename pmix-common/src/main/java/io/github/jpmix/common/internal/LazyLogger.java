package io.github.jpmix.common.internal;

import java.util.ResourceBundle;

/**
 * Not API. A {@code System.Logger} that asks {@link System#getLogger} for its logger on first use, not
 * when the class holding it initializes: the first logger of a JVM starts the logging framework
 * (java.util.logging's {@code LogManager}, its configuration and its lambdas), about 7 % of a fresh
 * client's start-up work on its main thread, although a client that runs well logs nothing
 * ({@code docs/startup.md}). Thread-safe.
 */
public final class LazyLogger implements System.Logger {
    private final String name;
    private volatile System.Logger logger;

    private LazyLogger(String name) {
        this.name = name;
    }

    /** The logger {@code System.getLogger(name)} will give, once something is logged. */
    public static System.Logger named(String name) {
        return new LazyLogger(name);
    }

    private System.Logger logger() {
        System.Logger l = logger;
        if (l == null) {
            l = System.getLogger(name);
            logger = l;
        }
        return l;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public boolean isLoggable(Level level) {
        return logger().isLoggable(level);
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String msg, Throwable thrown) {
        logger().log(level, bundle, msg, thrown);
    }

    @Override
    public void log(Level level, ResourceBundle bundle, String format, Object... params) {
        logger().log(level, bundle, format, params);
    }
}
