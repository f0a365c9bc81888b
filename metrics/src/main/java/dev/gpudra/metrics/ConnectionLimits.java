package dev.gpudra.metrics;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * How the JDK's HTTP server is kept from one slow client: each connection runs on a virtual thread
 * of its own (the request line and headers are read there, so a client that stalls holds only
 * itself); a request not received or a response not taken within {@link #STALL_SECONDS} has its
 * connection closed; at most {@link #MAX_CONNECTIONS} are open at once. The JDK server's limits
 * ({@code maxReqTime}, {@code maxRspTime}, {@code jdk.httpserver.maxConnections}) are JVM-wide: set
 * here unless the command line set them.
 */
public final class ConnectionLimits {
  public static final int STALL_SECONDS = 10;
  public static final int MAX_CONNECTIONS = 256;

  private ConnectionLimits() {}

  /** Sets the JVM-wide limits (once is enough; again is harmless). */
  public static void apply() {
    setUnlessSet("sun.net.httpserver.maxReqTime", STALL_SECONDS);
    setUnlessSet("sun.net.httpserver.maxRspTime", STALL_SECONDS);
    setUnlessSet("jdk.httpserver.maxConnections", MAX_CONNECTIONS);
  }

  /** An executor with a virtual thread per connection, its threads named {@code name-N}. */
  public static ExecutorService perConnection(String name) {
    return Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name(name + "-", 0).factory());
  }

  private static void setUnlessSet(String key, int value) {
    if (System.getProperty(key) == null) {
      System.setProperty(key, Integer.toString(value));
    }
  }
}
