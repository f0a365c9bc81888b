package dev.gpudra.kit.process;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;

/** Sends signals to processes with libc's {@code kill(2)}. */
public final class Signals {
  /** SIGUSR1 on Linux. */
  public static final int SIGUSR1 = 10;

  interface LibC extends Library {
    int kill(int pid, int signal) throws LastErrorException;
  }

  private final LibC libc;

  public Signals() {
    this.libc = Native.load("c", LibC.class);
  }

  /**
   * @throws SignalException naming the process and errno (e.g. it is gone: ESRCH)
   */
  public void send(long pid, int signal) {
    try {
      libc.kill(Math.toIntExact(pid), signal);
    } catch (LastErrorException e) {
      throw new SignalException(
          "cannot send signal " + signal + " to process " + pid + ": errno " + e.getErrorCode(), e);
    }
  }

  /** A signal could not be sent. */
  public static final class SignalException extends RuntimeException {
    public SignalException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
