package dev.gpudra.cli;

public final class GpuDra {
  public static void main(String[] args) {}
}
