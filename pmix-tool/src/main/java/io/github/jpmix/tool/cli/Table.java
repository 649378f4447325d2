package io.github.jpmix.tool.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** The one text-table printer of the command line: left-aligned columns, two spaces apart, "-" for an empty cell. */
final class Table {
    private final List<String[]> rows = new ArrayList<>();
    private final int columns;

    Table(String... header) {
        columns = header.length;
        rows.add(header);
    }

    Table row(Object... cells) {
        if (cells.length != columns) {
            throw new IllegalArgumentException(cells.length + " cells for " + columns + " columns");
        }
        String[] r = new String[columns];
        for (int i = 0; i < columns; i++) {
            String c = cells[i] == null ? "" : cells[i].toString();
            r[i] = c.isEmpty() ? "-" : c;
        }
        rows.add(r);
        return this;
    }

    void print(PrintWriter out) {
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int i = 0; i < columns; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            sb.setLength(0);
            for (int i = 0; i < columns; i++) {
                sb.append(r[i]);
                if (i < columns - 1) {
                    sb.append(" ".repeat(width[i] - r[i].length() + 2));
                }
            }
            out.println(sb);
        }
    }
}
