package dev.gpudra.allocator.tester;

import dev.gpudra.allocator.cel.DeviceSelectorEnv;
import dev.gpudra.allocator.cel.SelectorCompileException;
import dev.gpudra.allocator.device.DeviceFileReader;
import dev.gpudra.allocator.device.DeviceView;
import java.util.List;

/** Evaluates selectors against one device, one output line per expression, in order. */
public final class SelectorTester {
  private final DeviceSelectorEnv env;
  private final DeviceFileReader reader;

  /** A tester on {@code env}, reading device files with {@code reader}. */
  public SelectorTester(DeviceSelectorEnv env, DeviceFileReader reader) {
    this.env = env;
    this.reader = reader;
  }

  /**
   * The lines for a device file's content.
   *
   * @throws DeviceFileReader.InvalidDeviceFileException when the device file is unusable (no
   *     expression is evaluated then)
   */
  public List<String> test(String deviceFile, List<String> expressions) {
    return test(reader.read(deviceFile), expressions);
  }

  /** The lines for a device: {@code true}, {@code false} or {@code error: <message>}. */
  public List<String> test(DeviceView device, List<String> expressions) {
    return expressions.stream().map(e -> line(device, e)).toList();
  }

  private String line(DeviceView device, String expression) {
    try {
      return env.compile(expression).evaluate(device).describe();
    } catch (SelectorCompileException e) {
      return "error: " + e.getMessage();
    }
  }
}
