package io.github.jpmix.tool.cli;

import io.github.jpmix.client.PmixClient;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.Proc;
import java.util.List;

/**
 * The Java program of the launcher tests, run by {@code pmixrun} as a rank (one line per fact, each
 * printed with one write):
 *
 * <ul>
 *   <li>{@code rank}: init, a fence with the whole job, prints
 *       {@code JAVA rank=R app=A size=S java.home=H args=[...]}, finalizes</li>
 *   <li>{@code sleep}: init, prints {@code READY <rank> <pid>}, then sleeps until killed</li>
 * </ul>
 */
public final class LaunchedProgram {
    private LaunchedProgram() {
    }

    public static void main(String[] args) throws InterruptedException {
        try (PmixClient client = PmixClient.init()) {
            Proc me = client.proc();
            switch (args[0]) {
                case "rank" -> {
                    int app = client.get(me, Keys.APPNUM);
                    int size = client.get(Proc.wildcard(me.namespace()), Keys.JOB_SIZE);
                    client.fence(List.of());
                    System.out.print("JAVA rank=" + me.rank() + " app=" + app + " size=" + size + " java.home="
                            + System.getProperty("java.home") + " args=" + java.util.Arrays.toString(args) + "\n");
                    System.out.flush();
                }
                case "sleep" -> {
                    System.out.print("READY " + me.rank() + " " + ProcessHandle.current().pid() + "\n");
                    System.out.flush();
                    Thread.sleep(Long.MAX_VALUE);
                }
                default -> throw new IllegalArgumentException("unknown mode " + args[0]);
            }
        }
    }
}
