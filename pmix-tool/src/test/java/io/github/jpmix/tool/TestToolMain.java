package io.github.jpmix.tool;

import io.github.jpmix.common.Info;
import io.github.jpmix.common.Keys;
import io.github.jpmix.common.PmixException;
import io.github.jpmix.common.Query;
import io.github.jpmix.common.internal.JvmFlags;
import java.nio.file.Path;
import java.util.List;

/**
 * A tool in its own JVM (the tests run it as another user). Arguments: {@code uri=U},
 * {@code server-tmpdir=D}, {@code system-tmpdir=D}. Prints {@code CONNECTED <tool proc> <server proc>}
 * and {@code QUERY <namespaces>} and exits 0, or {@code ERROR <status> <message>} and exits 2.
 */
public final class TestToolMain {
    private TestToolMain() {
    }

    public static void main(String[] args) {
        JvmFlags.disableChronicleAnalytics();
        ToolOptions options = new ToolOptions().hostname(ToolTestSupport.HOST);
        for (String a : args) {
            String value = a.substring(a.indexOf('=') + 1);
            switch (a.substring(0, a.indexOf('='))) {
                case "uri" -> options.serverUri(value);
                case "server-tmpdir" -> options.serverTmpdir(Path.of(value));
                case "system-tmpdir" -> options.systemTmpdir(Path.of(value));
                default -> throw new IllegalArgumentException("unknown argument " + a);
            }
        }
        try (PmixTool tool = PmixTool.connect(options)) {
            System.out.println("CONNECTED " + tool.proc() + " " + tool.serverProc().orElseThrow());
            List<Info> answer = tool.query(List.of(Query.of(Keys.QUERY_NAMESPACES.name()))).answers();
            System.out.println("QUERY " + answer.get(0).value());
        } catch (PmixException e) {
            System.out.println("ERROR " + e.statusName() + " " + e.getMessage().replace('\n', ' '));
            System.out.flush();
            System.exit(2);
        }
        System.out.flush();
        System.exit(0);
    }
}
