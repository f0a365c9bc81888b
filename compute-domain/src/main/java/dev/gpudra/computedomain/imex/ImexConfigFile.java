package dev.gpudra.computedomain.imex;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code imexd.cfg}: the plugin writes the template into the domain's directory when it prepares a
 * daemon's claim; the daemon renders it with its pod's IP and its {@code nodes.cfg}. The fixed
 * settings are NVIDIA's: logs to stderr at level 4, no daemonizing, server port 50000, command port
 * 50005 on the pod's IP, quorum wait in recovery mode, no authentication.
 */
public final class ImexConfigFile {
  /** Where the daemon sees the domain's directory (the plugin's CDI edit mounts it there). */
  public static final String DIR = "/imexd";

  public static final String TEMPLATE = "imexd.cfg.tmpl";
  public static final String CONFIG = "imexd.cfg";
  public static final String NODES = "nodes.cfg";

  static final String POD_IP = "${POD_IP}";
  static final String NODES_FILE = "${NODES_CONFIG_FILE}";

  private static final Map<String, String> FIXED = fixed();

  private ImexConfigFile() {}

  private static Map<String, String> fixed() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("LOG_LEVEL", "4");
    settings.put("LOG_FILE_NAME", "");
    settings.put("STATS_FILE_NAME", "/var/log/nvidia-imex-stats.log");
    settings.put("LOG_APPEND_TO_LOG", "0");
    settings.put("LOG_FILE_MAX_SIZE", "1024");
    settings.put("LOG_MAX_ROTATE_COUNT", "10");
    settings.put("DAEMONIZE", "0");
    settings.put("BIND_INTERFACE_IP", "");
    settings.put("SERVER_PORT", "50000");
    settings.put("IMEX_WAIT_FOR_QUORUM", "RECOVERY");
    settings.put("IMEX_ENABLE_AUTH_ENCRYPTION", "0");
    settings.put("IMEX_AUTH_ENCRYPTION_MODE", "SSL_TLS");
    settings.put("IMEX_CMD_ENABLED", "1");
    settings.put("IMEX_CMD_PORT", "50005");
    settings.put("IMEX_NODE_DISCONNECTED_GRACE_TIME", "-1");
    settings.put("IMEX_CMD_BIND_INTERFACE_IP", POD_IP);
    settings.put("IMEX_NODE_CONFIG_FILE", NODES_FILE);
    return settings;
  }

  /** The template, {@code KEY=value} per line, the pod's IP and nodes file left to the daemon. */
  public static String template() {
    return FIXED.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue() + "\n")
        .collect(Collectors.joining());
  }

  /**
   * @param nodesFile where {@code nodes.cfg} is ({@code /imexd/nodes.cfg} in the daemon's pod)
   * @throws IllegalArgumentException when the template lacks a placeholder (it is not ours)
   */
  public static String render(String template, String podIp, java.nio.file.Path nodesFile) {
    for (String placeholder : List.of(POD_IP, NODES_FILE)) {
      if (!template.contains(placeholder)) {
        throw new IllegalArgumentException(
            DIR + "/" + TEMPLATE + " has no " + placeholder + ": not a template this plugin wrote");
      }
    }
    return template.replace(POD_IP, podIp).replace(NODES_FILE, nodesFile.toString());
  }
}
