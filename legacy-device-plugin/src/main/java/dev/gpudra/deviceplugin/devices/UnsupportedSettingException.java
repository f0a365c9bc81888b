package dev.gpudra.deviceplugin.devices;

/** A valid setting of NVIDIA's that this plugin does not do yet: refused at start, by path. */
public final class UnsupportedSettingException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UnsupportedSettingException(String path, String value) {
    super(path + ": " + value + " is not supported by gpu-dra's device plugin yet");
  }
}
