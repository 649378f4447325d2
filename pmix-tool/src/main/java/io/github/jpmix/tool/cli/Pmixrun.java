package io.github.jpmix.tool.cli;

import io.github.jpmix.client.WireupDemo;
import io.github.jpmix.server.Launcher;

/**
 * The {@code pmixrun} command ({@code bin/pmixrun}): pmix-server's reference launcher
 * ({@link Launcher}) with pmix-client's bundled wireup demo ({@link WireupDemo}) as the program of
 * an app that names none. It lives here because pmix-tool is the module that sees both: the
 * launcher embeds a server, the demo is a client, and neither module depends on the other. It is the
 * one class of pmix-tool that uses pmix-server, an optional dependency, so that an application that
 * depends on pmix-tool for {@code PmixTool} does not get the server.
 */
public final class Pmixrun {
    private Pmixrun() {
    }

    public static void main(String[] args) {
        System.exit(Launcher.run(args, WireupDemo.class.getName()));
    }
}
