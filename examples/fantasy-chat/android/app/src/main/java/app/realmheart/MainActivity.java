package app.realmheart;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
