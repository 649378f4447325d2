/**
 * Tool connections to a running PMIx server (RFC0010, {@code spec/rfc0010-tool-support.txt}); the
 * {@code jpmix} command-line tools and the {@code pmixrun} entry point are
 * {@code io.github.jpmix.tool.cli}.
 *
 * <p><b>What it owns.</b> {@link io.github.jpmix.tool.PmixTool} ({@code PMIx_tool_init} ...
 * {@code PMIx_tool_finalize}: connect, query, log, close) with its
 * {@link io.github.jpmix.tool.ToolOptions} (every connection attribute, typed or as infos), and
 * {@link io.github.jpmix.tool.ServerEntry}, what {@link io.github.jpmix.tool.PmixTool#servers} sees.
 * Package-private: {@code Discovery} finds and judges rendezvous files (exact names, never a
 * prefix; stale and unreadable files reported, never fatal; an OpenPMIx server's file trusted only
 * when owned by the tool's user or root in a directory others cannot write), {@code Connector} runs
 * RFC0010's connection procedure over them, {@code Link} is one connection (the tool handshake and the
 * host's verdict, JPMIx's or OpenPMIx's). The formats, the search order and the admission rule are in
 * {@code docs/tools.md}.
 *
 * <p><b>What it reuses.</b> The client ends of the connections ({@code io.github.jpmix.client.transport}:
 * a tool is a transport client like any process, and an OpenPMIx tool over {@code OpenPmixConnection}),
 * OpenPMIx's request layouts ({@code common.internal.openpmix.ClientRequests}), the
 * rendezvous file format ({@code RendezvousFile}, shared with the server in pmix-common), and the
 * request fields and failure mapping clients use ({@code Requests}, pmix-common): a tool's query or
 * log is byte for byte a client's. It does not need the server: pmix-server is an optional
 * dependency of pmix-tool, used only by {@code io.github.jpmix.tool.cli.Pmixrun}.
 *
 * <p><b>Threading.</b> {@code PmixTool} is thread-safe; futures of the async calls complete on the
 * connection's receiver thread, so a dependent stage must not block there.
 */
package io.github.jpmix.tool;
